/** What one bench run measures and with what: sizes, repetitions, the running services. */
import type { BenchN8n } from './n8n';
import type { SandboxProcess } from './sandbox';

export interface BenchConfig {
	quick: boolean;
	/** Measured rounds of every job; each round runs every side once, in a rotating order. */
	repetitions: number;
	/** Sales details read with Return All. */
	sales: number;
	/** Clients read with Return All (a v6 list). */
	clients: number;
	/** Input items of the Complete jobs. */
	items: number;
	/** Item counts of the request-count job. */
	idListSizes: number[];
	/** Signed deliveries per measured round. */
	deliveries: number;
	/** Fresh processes per side for the cold-load job. */
	coldLoads: number;
}

export const FULL: BenchConfig = {
	quick: false,
	repetitions: 3,
	sales: 10_000,
	clients: 10_000,
	items: 1_000,
	idListSizes: [10, 100, 1_000],
	deliveries: 1_000,
	coldLoads: 5,
};

export const QUICK: BenchConfig = {
	quick: true,
	repetitions: 3,
	sales: 2_000,
	clients: 2_000,
	items: 200,
	idListSizes: [10, 100, 1_000],
	deliveries: 200,
	coldLoads: 3,
};

export interface BenchContext {
	config: BenchConfig;
	n8n: BenchN8n;
	sandbox: SandboxProcess;
	/** Lines printed under the table (context the ratios need). */
	notes: string[];
}

export const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

/** Round r runs the sides starting from a different one, so no side always goes first. */
export function rotate<T>(list: T[], round: number): T[] {
	const start = round % list.length;
	return [...list.slice(start), ...list.slice(0, start)];
}
