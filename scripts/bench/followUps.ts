import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { log } from './config';
import type { Row } from './stats';

/**
 * The follow-up events' requests (followUpsRun.ts) and the Webhook Safety Net's (safetyNetRun.ts),
 * measured in a jest process of its own: it runs the poll trigger in n8n's engine with the test
 * harness, which jest's TypeScript loading serves.
 */
export function followUpsJob(notes: string[]): Row[] {
	const folder = mkdtempSync(path.join(os.tmpdir(), 'bench-follow-ups-'));
	const out = path.join(folder, 'rows.json');
	try {
		log('follow-ups: starting jest for the follow-up events and the Webhook Safety Net');
		const run = spawnSync('npx', ['jest', '-c', 'scripts/bench/followUps.jest.config.js', '--silent'], {
			cwd: path.resolve(__dirname, '../..'),
			env: { ...process.env, FOLLOW_UPS_OUT: out },
			stdio: ['ignore', 'inherit', 'inherit'],
		});
		if (run.status !== 0) throw new Error(`follow-ups: the measuring run failed (exit ${run.status})`);
		const result = JSON.parse(readFileSync(out, 'utf8')) as { rows: Row[]; notes: string[] };
		notes.push(...result.notes);
		return result.rows;
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}
