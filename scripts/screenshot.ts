/**
 * A screenshot of the Mindbody node in n8n's editor with its Operation list open, taken with the
 * system's Chromium (Debian: `apt-get install -y chromium`) driven by playwright-core, headless.
 * playwright-core brings no browser of its own; nothing but 127.0.0.1 is contacted (the editor's
 * calls to n8n's own services, e.g. its banners, are aborted).
 *
 *   const { options } = await takeEditorScreenshot({ editorUrl, email, password, workflowId, out });
 *
 * The e2e suite calls this (test/e2e/screenshot.test.ts) to produce docs/mindbody-node-operations.png.
 * By hand, against a running n8n:
 *   npx tsx scripts/screenshot.ts --url http://127.0.0.1:5678 --email a@b.c --password … \
 *     --workflow <id> [--out docs/mindbody-node-operations.png] [--node "Get Request"]
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { chromium, type Page } from 'playwright-core';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

export interface ScreenshotOptions {
	/** n8n's base URL, e.g. http://127.0.0.1:5678 (must be on 127.0.0.1 or localhost). */
	editorUrl: string;
	email: string;
	password: string;
	workflowId: string;
	/** PNG file to write (its folder is created). */
	out: string;
	/** Canvas node name to open; default: the first node of type `nodeType`. */
	nodeName?: string;
	/** Default: our package's action node. */
	nodeType?: string;
	/** Default: /usr/bin/chromium (Debian's package), or $CHROMIUM_PATH. */
	executablePath?: string;
	/** Bound on each wait (page loads, selectors). Default 30 s. */
	timeoutMs?: number;
	viewport?: { width: number; height: number };
}

export interface ScreenshotResult {
	out: string;
	bytes: number;
	/** Names of the options in the open Operation list, read from the DOM before the shot. */
	options: string[];
	/** Requests to anything but loopback that were aborted. */
	blocked: string[];
	ms: number;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Chromium flags: headless, no sandbox (root in CI), and no background traffic of its own. */
const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--disable-dev-shm-usage',
	// Resolve nothing but loopback, whatever asks (belt and braces with the request filter below).
	'--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

/** A signed-in editor in headless Chromium; nothing but loopback is reached. */
export interface EditorSession {
	page: Page;
	origin: string;
	/** Requests to anything but loopback that were aborted. */
	blocked: string[];
	close(): Promise<void>;
}

export type EditorOptions = Pick<
	ScreenshotOptions,
	'editorUrl' | 'email' | 'password' | 'executablePath' | 'timeoutMs' | 'viewport'
>;

/** Launches Chromium and signs in through the editor's own form. */
export async function openEditor(opts: EditorOptions): Promise<EditorSession> {
	const executablePath = opts.executablePath ?? process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
	if (!fs.existsSync(executablePath)) {
		throw new Error(
			`Chromium not found at ${executablePath}: install Debian's package ` +
				'(apt-get update && apt-get install -y chromium) or set CHROMIUM_PATH',
		);
	}
	const base = new URL(opts.editorUrl);
	if (!LOOPBACK.has(base.hostname)) throw new Error(`editorUrl must be on 127.0.0.1, got ${opts.editorUrl}`);
	const origin = base.origin;
	const timeout = opts.timeoutMs ?? 30000;

	const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mindbody-chromium-'));
	const context = await chromium.launchPersistentContext(userDataDir, {
		executablePath,
		headless: true,
		args: CHROMIUM_ARGS,
		viewport: opts.viewport ?? { width: 1440, height: 900 },
		deviceScaleFactor: 1,
		locale: 'en-US',
		timezoneId: 'UTC',
		timeout,
	});
	const blocked: string[] = [];
	const close = async () => {
		await context.close().catch(() => undefined);
		fs.rmSync(userDataDir, { recursive: true, force: true });
	};
	try {
		await context.route('**/*', (route) => {
			const url = route.request().url();
			let host = '';
			try {
				host = new URL(url).hostname;
			} catch {
				// data: and the like have no host: let them through.
				return route.continue();
			}
			if (host === '' || LOOPBACK.has(host)) return route.continue();
			blocked.push(url);
			return route.abort('blockedbyclient');
		});
		const page = context.pages()[0] ?? (await context.newPage());
		page.setDefaultTimeout(timeout);
		page.setDefaultNavigationTimeout(timeout);

		await signIn(page, origin, opts.email, opts.password);
		return { page, origin, blocked, close };
	} catch (e) {
		await close();
		throw e;
	}
}

export async function takeEditorScreenshot(opts: ScreenshotOptions): Promise<ScreenshotResult> {
	const t0 = Date.now();
	const timeout = opts.timeoutMs ?? 30000;
	const nodeType = opts.nodeType ?? 'n8n-nodes-mindbody.mindbody';
	const { page, origin, blocked, close } = await openEditor(opts);
	try {
		await page.goto(`${origin}/workflow/${encodeURIComponent(opts.workflowId)}`);
		const nodeSelector = opts.nodeName
			? `[data-test-id="canvas-node"][data-node-name="${cssString(opts.nodeName)}"]`
			: `[data-test-id="canvas-node"][data-node-type="${cssString(nodeType)}"]`;
		const node = page.locator(nodeSelector).first();
		await node.waitFor({ state: 'visible' });
		await node.dblclick();

		const ndv = page.locator('[data-test-id="ndv"]').first();
		await ndv.waitFor({ state: 'visible' });
		const comboboxSelector = '[data-test-id="parameter-input-operation"] input[role="combobox"]';
		const combobox = ndv.locator(comboboxSelector).first();
		await combobox.waitFor({ state: 'visible' });
		await combobox.click();
		await ndv.locator(`${comboboxSelector}[aria-expanded="true"]`).first().waitFor({ state: 'visible' });
		const listId = await combobox.getAttribute('aria-controls');
		if (!listId) throw new Error('the Operation dropdown has no aria-controls: unknown editor markup');
		const list = page.locator(`[id="${cssString(listId)}"]`);
		await list.waitFor({ state: 'visible' });
		const items = list.locator('.el-select-dropdown__item');
		await items.first().waitFor({ state: 'visible' });
		// Each option shows its name, then its description on the next line.
		const options = (await items.allInnerTexts()).map((t) => t.split('\n')[0].trim()).filter(Boolean);
		// Let the list's fade-in end so the shot shows it fully drawn.
		// (An expression string: this project compiles without the DOM lib.)
		await page.waitForFunction(
			`(() => {
				const el = document.getElementById(${JSON.stringify(listId)});
				const popper = el && (el.closest('.el-popper') || el);
				return !!popper && popper.getAnimations({ subtree: true }).every((a) => a.playState !== 'running');
			})()`,
			undefined,
			{ timeout },
		);

		fs.mkdirSync(path.dirname(path.resolve(opts.out)), { recursive: true });
		await page.screenshot({ path: opts.out, type: 'png', animations: 'disabled', caret: 'hide' });
		const bytes = fs.statSync(opts.out).size;
		return { out: opts.out, bytes, options, blocked, ms: Date.now() - t0 };
	} finally {
		await close();
	}
}

/** Signs in through the editor's own form, so the session is exactly what a user gets. */
async function signIn(page: Page, origin: string, email: string, password: string): Promise<void> {
	// The form is looked for below: no need to wait for every asset the page loads.
	await page.goto(`${origin}/signin`, { waitUntil: 'domcontentloaded' });
	const emailInput = page.locator('input[name="emailOrLdapLoginId"], input[name="email"]').first();
	await emailInput.waitFor({ state: 'visible' });
	await emailInput.fill(email);
	await page.locator('input[name="password"]').first().fill(password);
	const [response] = await Promise.all([
		page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/rest/login'),
		page.locator('[data-test-id="form-submit-button"]').first().click(),
	]);
	if (response.status() !== 200) {
		throw new Error(
			`n8n sign-in as ${email} failed: HTTP ${response.status()} ${(await response.text()).slice(0, 300)}`,
		);
	}
	await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
}

/** Escapes a value for a double-quoted CSS attribute selector. */
export function cssString(value: string): string {
	return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

function argValue(name: string): string | undefined {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0 ? process.argv[i + 1] : undefined;
}

if (require.main === module) {
	const need = (name: string) => {
		const v = argValue(name);
		if (!v) throw new Error(`--${name} is required`);
		return v;
	};
	takeEditorScreenshot({
		editorUrl: need('url'),
		email: need('email'),
		password: need('password'),
		workflowId: need('workflow'),
		out: argValue('out') ?? 'docs/mindbody-node-operations.png',
		nodeName: argValue('node'),
	})
		.then((r) => console.log(`${r.out}: ${r.bytes} bytes in ${r.ms} ms; operations: ${r.options.join(', ')}`))
		.catch((e: unknown) => {
			console.error(e instanceof Error ? e.message : e);
			process.exit(1);
		});
}
