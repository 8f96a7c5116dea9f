/**
 * Headless Chromium on n8n's editor (Debian's chromium driven by playwright-core; it brings no browser
 * of its own, `apt-get install -y chromium`). Nothing but 127.0.0.1 is contacted: the editor's calls
 * to n8n's own services, e.g. its banners, are aborted.
 *
 * - openEditor: a signed-in editor session (test/e2e/journey.test.ts drives its tour with one).
 * - openOperationList: a workflow's Mindbody node opened with its Operation list unfolded.
 * - keepDocsShot: a screenshot a test took, written where the docs show it only when
 *   `npm run docs:screenshots` (scripts/docsScreenshots.ts) runs the test.
 *
 * By hand, README's picture against a running n8n:
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

/**
 * Opens the workflow, double-clicks its Mindbody node (or the one named) and unfolds the Operation
 * list; returns the names of its options, read from the DOM once the list is fully drawn.
 */
export async function openOperationList(
	page: Page,
	origin: string,
	opts: Pick<ScreenshotOptions, 'workflowId' | 'nodeName' | 'nodeType'>,
): Promise<string[]> {
	const nodeType = opts.nodeType ?? 'n8n-nodes-mindbody.mindbody';
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
	// Let the list's fade-in end so a shot shows it fully drawn.
	// (An expression string: this project compiles without the DOM lib.)
	await page.waitForFunction(
		`(() => {
			const el = document.getElementById(${JSON.stringify(listId)});
			const popper = el && (el.closest('.el-popper') || el);
			return !!popper && popper.getAnimations({ subtree: true }).every((a) => a.playState !== 'running');
		})()`,
	);
	return options;
}

/** The page as it stands, as a PNG: animations stopped, no caret. */
export function editorShot(page: Page): Promise<Buffer> {
	return page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
}

export async function takeEditorScreenshot(opts: ScreenshotOptions): Promise<ScreenshotResult> {
	const t0 = Date.now();
	const { page, origin, blocked, close } = await openEditor(opts);
	try {
		const options = await openOperationList(page, origin, opts);
		const png = await editorShot(page);
		fs.mkdirSync(path.dirname(path.resolve(opts.out)), { recursive: true });
		fs.writeFileSync(opts.out, png);
		return { out: opts.out, bytes: png.length, options, blocked, ms: Date.now() - t0 };
	} finally {
		await close();
	}
}

/** Set to 1 by `npm run docs:screenshots`: the tests that take the docs' screenshots write them. */
export const DOCS_SCREENSHOTS_ENV = 'MINDBODY_DOCS_SCREENSHOTS';
const ROOT = path.resolve(__dirname, '..');

/**
 * A screenshot a test took of what the docs show at `file` (a path from the repository's root):
 * written there only under `npm run docs:screenshots`, so a test run leaves the tree as it was.
 * Returns the picture's size, read from its PNG header (throws if it is no PNG).
 */
export function keepDocsShot(file: string, png: Buffer): { width: number; height: number; bytes: number } {
	const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
	if (!png.subarray(0, 8).equals(signature) || png.subarray(12, 16).toString('latin1') !== 'IHDR') {
		throw new Error(`the screenshot for ${file} is not a PNG`);
	}
	const size = { width: png.readUInt32BE(16), height: png.readUInt32BE(20), bytes: png.length };
	if (process.env[DOCS_SCREENSHOTS_ENV] === '1') {
		const out = path.join(ROOT, file);
		fs.mkdirSync(path.dirname(out), { recursive: true });
		fs.writeFileSync(out, png);
		process.stderr.write(`[docs] wrote ${file}: ${size.width}×${size.height}, ${png.length} bytes\n`);
	}
	return size;
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
