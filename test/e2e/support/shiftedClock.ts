/**
 * n8n's clock moved from a test (fixtures/shiftedClock.cjs, preloaded into the n8n process): each
 * SIGUSR2 moves Date.now() one step on, and the process writes how many moves it has made to
 * `<folder>/moves.<pid>`, so the test sends the next signal only once the last one is read.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { n8nPid } from './counter';
import { until } from './mindbody';
import type { N8n } from './n8n';

const FIXTURE = path.resolve(__dirname, '../fixtures/shiftedClock.cjs');

export class ShiftedClock {
	readonly folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mindbody-clock-'));

	/**
	 * The n8n environment that preloads the clock: `stepMs` per move (the fixture's default is 15
	 * minutes); with `keep`, a restarted n8n starts with the moves made so far.
	 */
	env({ stepMs, keep = false }: { stepMs?: number; keep?: boolean } = {}): Record<string, string> {
		return {
			NODE_OPTIONS: `--require ${FIXTURE}`,
			SHIFTED_CLOCK_ACK: path.join(this.folder, 'moves'),
			...(stepMs === undefined ? {} : { SHIFTED_CLOCK_STEP_MS: String(stepMs) }),
			...(keep ? { SHIFTED_CLOCK_KEEP: path.join(this.folder, 'kept') } : {}),
		};
	}

	/** The moves the running n8n process has acknowledged. */
	moves(n8n: N8n): number {
		const ack = path.join(this.folder, `moves.${n8nPid(n8n.userFolder)}`);
		return fs.existsSync(ack) ? Number(fs.readFileSync(ack, 'utf8')) : 0;
	}

	/** Moves n8n's clock one step and waits for the process to say it moved; throws if it does not. */
	async step(n8n: N8n): Promise<void> {
		const pid = n8nPid(n8n.userFolder);
		const was = this.moves(n8n);
		process.kill(pid, 'SIGUSR2');
		const now = await until(
			() => Promise.resolve(this.moves(n8n)),
			(moved) => moved > was,
			10_000,
		);
		if (now !== was + 1) throw new Error(`n8n's clock made ${now - was} moves, not one`);
	}

	remove(): void {
		fs.rmSync(this.folder, { recursive: true, force: true });
	}
}
