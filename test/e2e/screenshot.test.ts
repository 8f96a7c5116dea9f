/**
 * The README's screenshot: the Mindbody node open in a real n8n editor with its Operation list
 * unfolded, taken with Debian's Chromium (headless, driven by playwright-core). On the default
 * n8n (2.8.4) it (re)writes docs/mindbody-node-operations.png; on another version the shot goes
 * to the temp folder, so a run against a newer n8n checks the editor without touching docs/.
 * Chromium is required: without it this fails (see scripts/screenshot.ts for the install line).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { DEFAULT_CHROMIUM, takeEditorScreenshot, type ScreenshotResult } from '../../scripts/screenshot';
import type { Sandbox } from '../../sandbox';
import { CREDENTIAL_NAME, startE2eSandbox, startN8n, VERSION } from './support/mindbody';
import type { N8n, WorkflowJson } from './support/n8n';

jest.setTimeout(180000);

/** The owner that scripts/n8n/http setupOwner() creates (its defaults). */
const OWNER = { email: 'owner@example.com', password: 'E2e-password-1' };

const DOCS_PNG = path.resolve(__dirname, '../../docs/mindbody-node-operations.png');
const OUT = VERSION === '2.8.4' ? DOCS_PNG : path.join(os.tmpdir(), `mindbody-node-operations-${VERSION}.png`);

function workflow(credentialId: string): WorkflowJson {
	return {
		name: 'Mindbody: appointment requests',
		nodes: [
			{
				id: '5a0c0000-0000-4000-8000-000000000001',
				name: 'Mindbody',
				type: 'n8n-nodes-mindbody.mindbody',
				typeVersion: 1,
				position: [0, 0],
				parameters: { resource: 'appointmentRequest', operation: 'get', id: 60001, options: {} },
				credentials: { mindbodyApi: { id: credentialId, name: CREDENTIAL_NAME } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

describe(`editor screenshot in n8n ${VERSION}`, () => {
	let sandbox: Sandbox;
	let n8n: N8n;
	let workflowId: string;

	beforeAll(async () => {
		if (!fs.existsSync(process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM)) {
			throw new Error(
				`Chromium not found at ${process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM}: ` +
					'apt-get update && apt-get install -y chromium (as .ci/run does), or set CHROMIUM_PATH',
			);
		}
		sandbox = await startE2eSandbox();
		const started = await startN8n(sandbox);
		n8n = started.n8n;
		// Saved, not activated: a workflow without a trigger cannot be.
		const res = await n8n.api('POST', '/workflows', workflow(started.credentialId));
		if (res.status !== 200) throw new Error(`create workflow: HTTP ${res.status} ${res.text.slice(0, 300)}`);
		workflowId = (res.json as { id: string }).id;
	});

	afterAll(async () => {
		await n8n?.stop();
		await sandbox?.stop();
	});

	it('shows the node with its operation list open and writes the PNG', async () => {
		fs.rmSync(OUT, { force: true });
		const result: ScreenshotResult = await takeEditorScreenshot({
			editorUrl: n8n.baseUrl,
			email: OWNER.email,
			password: OWNER.password,
			workflowId,
			out: OUT,
		});
		process.stderr.write(
			`[e2e] screenshot ${path.relative(process.cwd(), OUT)}: ${result.bytes} bytes in ${result.ms} ms` +
				` (blocked ${result.blocked.length} non-loopback requests)\n`,
		);

		// The open list, read from the DOM before the shot: the resource's operations, in n8n's order.
		expect(result.options).toEqual(expect.arrayContaining(['Approve', 'Deny', 'Deny with Notification Choice', 'Get']));
		expect(result.options).toHaveLength(4);

		const png = fs.readFileSync(OUT);
		expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
		expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
		expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({ width: 1440, height: 900 });
		expect(png.length).toBeGreaterThan(20 * 1024);
		expect(png.length).toBeLessThan(1024 * 1024);
	});
});
