/**
 * The Mindbody OAuth2 API credential made and connected in n8n's editor (headless Chromium): the
 * credential's form filled with the sandbox's values, Connect my account, the sandbox's sign-in page
 * filled in the popup n8n opens, and n8n's banner saying the account is connected.
 */
import * as fs from 'fs';
import * as path from 'path';

import type { Locator, Page } from 'playwright-core';

import { MindbodyOAuth2Api } from '../../../credentials/MindbodyOAuth2Api.credentials';
import type { Sandbox } from '../../../sandbox';

export const OAUTH_CREDENTIAL_TYPE = 'mindbodyOAuth2Api';

/** What README's "Try it against the sandbox" tells a newcomer to enter, field by field. */
export function sandboxOAuthFields(sandbox: Sandbox): Record<string, string> {
	return {
		authUrl: `${sandbox.identityBaseUrl}/connect/authorize`,
		accessTokenUrl: `${sandbox.identityBaseUrl}/connect/token`,
		clientId: sandbox.oauthClient.clientId,
		clientSecret: sandbox.oauthClient.clientSecret ?? '',
		apiKey: sandbox.apiKey,
		siteId: String(sandbox.siteId),
		baseUrl: sandbox.restBaseUrl,
		webhooksBaseUrl: sandbox.webhooksBaseUrl,
	};
}

/** The port `npm start` gives the sandbox, which docs/oauth.md's values name. */
const DOCUMENTED_ORIGIN = 'http://127.0.0.1:4010';

/**
 * The values docs/oauth.md ("Try it against the sandbox") tells a newcomer to enter, by field name,
 * with `npm start`'s sandbox address replaced by this sandbox's; and the text of that section.
 */
export function documentedOAuthFields(sandbox: Sandbox): { fields: Record<string, string>; steps: string } {
	const doc = fs.readFileSync(path.resolve(__dirname, '../../../docs/oauth.md'), 'utf8');
	const steps = doc.slice(doc.indexOf('## Try it against the sandbox'));
	const names = new Map<string, string>([['Client ID', 'clientId']]);
	for (const property of new MindbodyOAuth2Api().properties) names.set(property.displayName, property.name);
	const origin = new URL(sandbox.restBaseUrl).origin;
	const fields: Record<string, string> = {};
	for (const [, label, value] of steps.matchAll(/^\s*\| ([^|`]+?) \| `([^`]+)` \|$/gm)) {
		const name = names.get(label);
		if (!name) throw new Error(`docs/oauth.md names a field the credential does not have: ${label}`);
		fields[name] = value.split(DOCUMENTED_ORIGIN).join(origin);
	}
	return { fields, steps };
}

export interface Connected {
	/** The redirect URL the credential's form showed. */
	redirectUrl: string;
	/** The sign-in page's address as n8n opened it (its query: what n8n sent to the authorize step). */
	authorizeUrl: URL;
	/** The banner's text once connected. */
	banner: string;
}

/** The credential's form after its sign-in page was submitted in n8n's popup. */
export interface SignedIn {
	dialog: Locator;
	popup: Page;
	redirectUrl: string;
	authorizeUrl: URL;
}

/**
 * Creates the credential on the editor's credentials page, fills it, clicks the button that connects
 * it and signs in as `login` on the sign-in page n8n opens in a popup.
 */
export async function signInFromEditor(
	page: Page,
	origin: string,
	fields: Record<string, string>,
	login: { username: string; password: string },
): Promise<SignedIn> {
	await page.goto(`${origin}/home/credentials/create`, { waitUntil: 'domcontentloaded' });
	const typeSelect = page.locator('[data-test-id="new-credential-type-select"]');
	await typeSelect.locator('input').first().fill('Mindbody OAuth2');
	// The only type the words match: Enter takes it.
	await page.getByText('Mindbody OAuth2 API', { exact: true }).first().waitFor({ state: 'visible' });
	await page.keyboard.press('Enter');
	await page.locator('[data-test-id="new-credential-type-button"]').click();

	const dialog = page.locator('[data-test-id="credential-edit-dialog"]');
	await dialog.waitFor({ state: 'visible' });
	const redirectUrl = (
		await dialog
			.getByText(/\/rest\/oauth2-credential\/callback/)
			.first()
			.innerText()
	).trim();
	for (const [name, value] of Object.entries(fields)) {
		const input = dialog.locator(`[data-test-id="parameter-input-${name}"]`).locator('input, textarea').first();
		await input.fill(value);
	}

	// 2.8's button reads "Connect my account"; 2.41's "Connect", in a banner saying the account is not connected.
	const connect = dialog
		.locator('[data-test-id="oauth-connect-button"], [data-test-id="quick-connect-button"]')
		.first();
	const popupOpened = page.waitForEvent('popup');
	await connect.click();
	const popup = await popupOpened;
	// 2.41 opens the popup blank and sends it to the sign-in page afterwards.
	await popup.waitForURL(/\/connect\/authorize\?/);
	const authorizeUrl = new URL(popup.url());
	await popup.locator('input[name="username"]').fill(login.username);
	await popup.locator('input[name="password"]').fill(login.password);
	await popup.getByRole('button', { name: 'Sign in' }).click();
	return { dialog, popup, redirectUrl, authorizeUrl };
}

/** Signs in from the editor and waits for n8n to show the credential connected (it is saved by then). */
export async function connectInEditor(
	page: Page,
	origin: string,
	fields: Record<string, string>,
	login: { username: string; password: string },
): Promise<Connected> {
	const { dialog, redirectUrl, authorizeUrl } = await signInFromEditor(page, origin, fields, login);
	const banner = dialog.locator('[data-test-id="oauth-connect-success-banner"]');
	await banner.waitFor({ state: 'visible' });
	return { redirectUrl, authorizeUrl, banner: (await banner.innerText()).trim() };
}
