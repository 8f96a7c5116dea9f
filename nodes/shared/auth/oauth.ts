import { UserError } from 'n8n-workflow';

/**
 * The OAuth credential's side: n8n keeps its tokens and refreshes them (its helper); what is ours
 * is telling a refused refresh apart by the identity service's code and saying what to fix.
 */

export const OAUTH_CREDENTIAL_LABEL = 'Mindbody OAuth2 API credential';

/** The identity service refused to renew the sign-in, or could not be reached; the operation was not made. */
export class SignInRenewalFailed extends UserError {
	constructor(
		message: string,
		readonly remedy: string,
		readonly code: string,
	) {
		super(message, { level: 'warning' });
	}
}

/** Long runs of token characters: whatever the identity service says, no token reaches a message. */
const TOKENISH = /[A-Za-z0-9_\-.~+/=]{24,}/g;

const clean = (text: string) =>
	text
		.replace(TOKENISH, '…')
		.trim()
		.replace(/[.\s]+$/, '');

const RECONNECT = `Open the ${OAUTH_CREDENTIAL_LABEL} and reconnect it (sign in to Mindbody again).`;

/** What the identity service answered an OAuth call with: its `error` code and description, when it gave them. */
function answerOf(error: unknown): { code: string; description: string } {
	const body = (error as { body?: unknown })?.body;
	const parsed = typeof body === 'string' ? safeJson(body) : body;
	const fields = (parsed ?? {}) as { error?: unknown; error_description?: unknown };
	return {
		code: typeof fields.error === 'string' ? fields.error : '',
		description: typeof fields.error_description === 'string' ? clean(fields.error_description) : '',
	};
}

function safeJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

/**
 * Newer n8n (2.4x) turns the identity service's `invalid_grant` into its own error saying the
 * credential needs reconnecting, without the answer's body: the same refusal.
 */
function refusedByN8n(error: unknown): boolean {
	const { failure, message } = (error ?? {}) as { failure?: { cause?: unknown }; message?: unknown };
	return failure?.cause === 'credential-invalid' || /needs to be reconnected/i.test(String(message ?? ''));
}

/** A failed refresh as the error the run ends with, naming what to fix. */
export function renewalError(error: unknown): SignInRenewalFailed {
	if (error instanceof SignInRenewalFailed) return error;
	const { code, description } = refusedByN8n(error) ? { code: 'invalid_grant', description: '' } : answerOf(error);
	const said = description ? ` (${description})` : '';
	const message = (error as Error)?.message ?? '';
	if (!code && /refresh ?token is required/i.test(message)) {
		return new SignInRenewalFailed(
			'The Mindbody sign-in has expired and the credential holds no refresh token to renew it',
			`${RECONNECT} Its scope includes offline_access, which gives the refresh token. Nothing was sent.`,
			'no_refresh_token',
		);
	}
	switch (code) {
		case 'invalid_client':
			return new SignInRenewalFailed(
				`Mindbody refused the OAuth client's ID or secret${said}`,
				`Correct Client ID and Client Secret in the ${OAUTH_CREDENTIAL_LABEL} (a native or single-page app client has no secret: leave it empty), then reconnect it. Nothing was sent.`,
				code,
			);
		case 'unauthorized_client':
			return new SignInRenewalFailed(
				`Mindbody refused the sign-in for this site${said}`,
				`Check Site ID in the ${OAUTH_CREDENTIAL_LABEL}: the API key the OAuth client belongs to must reach that site. Then reconnect it. Nothing was sent.`,
				code,
			);
		case 'invalid_scope':
			return new SignInRenewalFailed(
				`Mindbody refused the sign-in's scope${said}`,
				`${RECONNECT} Nothing was sent.`,
				code,
			);
		case '':
			return new SignInRenewalFailed(
				'The Mindbody sign-in could not be renewed: the token URL gave no answer the credential could use',
				`Check Access Token URL in the ${OAUTH_CREDENTIAL_LABEL}, then try again; if it persists, reconnect the credential. Nothing was sent.`,
				'unreachable',
			);
		default:
			// invalid_grant above all: the refresh token was revoked, spent or has expired.
			return new SignInRenewalFailed(
				`Mindbody no longer accepts this credential's sign-in: the refresh was refused (${code})${said}`,
				`${RECONNECT} Nothing was sent.`,
				code,
			);
	}
}
