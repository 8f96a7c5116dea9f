/**
 * Small pieces the n8n helpers share: the log line, sleep, the tail of a long output, and the
 * bound on a child command (n8n CLI, npm install).
 */
export const CLI_TIMEOUT_MS = 120 * 1000;

export const log = (msg: string) => process.stderr.write(`[n8n-server] ${msg}\n`);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const tail = (s: string, n = 3000) => (s.length > n ? `…${s.slice(-n)}` : s);
