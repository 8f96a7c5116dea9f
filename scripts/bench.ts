/**
 * Speed and memory benchmarks (npm run bench). Targets are checked here, never in tests:
 * the process exits 1 when one is missed.
 */
import '../test/harness/env';

import { createHmac } from 'node:crypto';

import { verifySignature } from '../nodes/MindbodyTrigger/signature';
import { newCredentials, runWorkflow } from '../test/harness/runWorkflow';
import { startSandbox } from '../test/sandbox';
import { sandboxCredentialData } from '../test/support/sandboxCredentials';

interface Result {
	name: string;
	value: number;
	unit: string;
	target: number;
}

const results: Result[] = [];
const record = (name: string, value: number, unit: string, target: number) =>
	results.push({ name, value: Math.round(value * 10) / 10, unit, target });

async function salesDetailsReturnAll() {
	const sandbox = await startSandbox({ seed: 7, size: { sales: 10_000 } });
	const credentials = newCredentials({ mindbody: sandboxCredentialData(sandbox, 'none') });
	global.gc?.();
	const heapBefore = process.memoryUsage().heapUsed;
	const started = performance.now();
	const run = await runWorkflow({
		credentials,
		nodes: [{ name: 'Sales', parameters: { resource: 'sale', operation: 'getDetails', returnAll: true, filters: {} } }],
	});
	const ms = performance.now() - started;
	const items = run.output('Sales').length;
	const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
	await sandbox.stop();
	record(`Sales details, Return All (${items} items, ${Math.ceil(items / 100)} pages)`, ms, 'ms', 15_000);
	record('  heap growth for that run', heapMb, 'MB', 400);
}

function signatureThroughput() {
	const key = 'a'.repeat(64);
	const body = Buffer.from(JSON.stringify({ messageId: 'm', eventId: 'client.created', eventData: { x: 'y'.repeat(2000) } }));
	const header = `sha256=${createHmac('sha256', key).update(body).digest('base64')}`;
	const count = 20_000;
	const started = performance.now();
	for (let i = 0; i < count; i++) if (!verifySignature(body, header, key)) throw new Error('bad signature');
	const perSecond = count / ((performance.now() - started) / 1000);
	record('Signature checks of a 2 KB delivery', perSecond, 'per s', -5_000);
}

async function main() {
	await salesDetailsReturnAll();
	signatureThroughput();
	let missed = false;
	for (const r of results) {
		// A negative target is a floor (at least), a positive one a ceiling (at most).
		const ok = r.target < 0 ? r.value >= -r.target : r.value <= r.target;
		missed ||= !ok;
		console.log(`${ok ? 'ok  ' : 'MISS'} ${r.name}: ${r.value} ${r.unit} (target ${r.target < 0 ? '≥' : '≤'} ${Math.abs(r.target)})`);
	}
	process.exit(missed ? 1 : 0);
}

void main();
