/**
 * n8n 2.41's durable scheduler for poll triggers, switched on with the smallest intervals n8n takes,
 * and the pieces of the file that proves the poll trigger on it: the polls of a workflow as the
 * sandbox's request log shows them, and what n8n's log says of polls it abandoned.
 */
import * as fs from 'fs';

import type { Sandbox } from '../../../sandbox';
import type { LoggedRequest } from '../../../sandbox/requestLog';

/** Seconds n8n lets a poll run here before it abandons it (N8N_SCHEDULER_POLL_TIMEOUT; 45 by default). */
export const POLL_TIMEOUT_S = 10;
/** A poll's lease; kept above the timeout, as n8n warns at start otherwise. */
export const LEASE_S = 20;

/**
 * The budget n8n hands a poll (getPollBudgetMs), as n8n 2.41 works it out: the lesser of the
 * timeout and the lease, less a margin of a fifth of it, at least 5 s and at most half.
 */
export function pollBudgetMs(timeoutS = POLL_TIMEOUT_S, leaseS = LEASE_S): number {
	const ceiling = Math.min(timeoutS, leaseS) * 1000;
	return ceiling - Math.min(Math.max(0.2 * ceiling, 5_000), ceiling / 2);
}

/**
 * The scheduler, its poll triggers and durable cursors (a poll's state committed with the run it
 * starts, fenced by its lease) on; every interval at n8n's least (whole seconds).
 */
export const DURABLE_ENV: Record<string, string> = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	// On by default in 2.41; the durable poll chain needs it.
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_WORKFLOW_PUBLICATION_OUTBOX_POLL_INTERVAL_MS: '1000',
	N8N_SCHEDULER_POLL_TIMEOUT: String(POLL_TIMEOUT_S),
	N8N_SCHEDULER_LEASE_DURATION: String(LEASE_S),
	N8N_SCHEDULER_EXECUTOR_INTERVAL: '1',
	N8N_SCHEDULER_MATERIALIZATION_INTERVAL: '2',
	N8N_SCHEDULER_REAPER_INTERVAL: '2',
	// One JSON object a line, with the workflow a scheduler message is about.
	N8N_LOG_FORMAT: 'json',
};

/** Every 5 s: under the durable scheduler a custom cron of six fields is taken as it is, one per second of the minute. */
export const EVERY_5_S = {
	item: Array.from({ length: 12 }, (_, i) => ({ mode: 'custom', cronExpression: `${i * 5} * * * * *` })),
};

export const tokenOf = (request: LoggedRequest) => String(request.headers.authorization ?? '');

/** A request's query as one string, its keys and values in order. */
export const queryOf = (request: LoggedRequest) =>
	Object.entries(request.query)
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([key, values]) => `${key}=${values.join(',')}`)
		.join('&');

/** Answered reads of a list, oldest first. */
export const listReads = (sandbox: Sandbox, path: string) =>
	sandbox.log.list({ service: 'rest', method: 'GET', path }).filter((request) => request.status);

/**
 * A workflow's polls of a list (its staff token), each the requests from one read at offset 0 to
 * the next: polls of one trigger do not overlap, except a poll n8n abandoned, whose reads go on
 * beside the next (`abandoned` keeps those apart: a request of a poll begun at one of its seqs).
 */
export function pollsOf(requests: LoggedRequest[], token: string): LoggedRequest[][] {
	const polls: LoggedRequest[][] = [];
	for (const request of requests.filter((r) => tokenOf(r) === token)) {
		if ((request.query['request.offset']?.[0] ?? '0') === '0' || !polls.length) polls.push([]);
		polls.at(-1)!.push(request);
	}
	return polls;
}

/** Requests a poll sent twice (the same query): a page read again within one poll. */
export const readTwice = (poll: LoggedRequest[]) =>
	poll.map(queryOf).filter((query, index, all) => all.indexOf(query) !== index);

/** Lines of n8n's log (every start's) that say a poll of this workflow was abandoned at its timeout. */
export function abandonedPolls(logFile: string, workflowId: string): number {
	if (!fs.existsSync(logFile)) return 0;
	return fs
		.readFileSync(logFile, 'utf8')
		.split('\n')
		.filter((line) => line.includes('Poll exceeded its timeout and was abandoned') && line.includes(workflowId)).length;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
