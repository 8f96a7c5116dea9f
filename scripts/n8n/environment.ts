/**
 * The environment of every n8n process (all on 127.0.0.1, telemetry and update checks off) and
 * free ports for it.
 */
import * as net from 'net';
import * as path from 'path';

import type { N8nVersion } from './install';

export const HOST = '127.0.0.1';
// Fixed so credentials imported in one run can be decrypted after a restart.
export const ENCRYPTION_KEY = 'n8n-nodes-mindbody-e2e-fixed-encryption-key';

// npm_* variables inherited from `npm test` in the checkout carry its config (ignore-scripts etc.).
export function withoutNpmVars(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
	return Object.fromEntries(Object.entries(env).filter(([k]) => !/^npm_/i.test(k)));
}

/**
 * Environment for any n8n process. Inherited N8N_*, DB_* etc. are dropped so the machine's
 * settings cannot leak in; `extraEnv` wins over everything.
 */
export interface EnvOptions {
	version: N8nVersion;
	userFolder: string;
	port: number;
	brokerPort: number;
	nodeBin: string;
	extraEnv?: Record<string, string>;
}

export function n8nEnv({
	version,
	userFolder,
	port,
	brokerPort,
	nodeBin,
	extraEnv = {},
}: EnvOptions): NodeJS.ProcessEnv {
	const base = Object.fromEntries(
		Object.entries(withoutNpmVars(process.env)).filter(
			([k]) => !/^(N8N_|DB_|EXECUTIONS_|QUEUE_|WEBHOOK_URL$|GENERIC_TIMEZONE$)/.test(k),
		),
	);
	const env: NodeJS.ProcessEnv = {
		...base,
		// The task runner is started with n8n's own Node; put the same Node first for anything else.
		PATH: `${path.dirname(nodeBin)}${path.delimiter}${base.PATH || ''}`,
		N8N_USER_FOLDER: userFolder,
		N8N_HOST: HOST,
		N8N_LISTEN_ADDRESS: HOST,
		N8N_PORT: String(port),
		N8N_PROTOCOL: 'http',
		// Base of production webhook URLs; 2.41 renamed the variable (and warns about the old one).
		[version === '2.8.4' ? 'WEBHOOK_URL' : 'N8N_WEBHOOK_URL']: `http://${HOST}:${port}/`,
		N8N_EDITOR_BASE_URL: `http://${HOST}:${port}/`,
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		GENERIC_TIMEZONE: 'UTC',
		// Internal task runner: its broker listens on loopback, on a port of our own so that a CLI
		// command and a running server (or two servers) do not collide on the default 5679.
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: HOST,
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		...(version === '2.8.4' ? {} : { N8N_DISABLED_MODULES: 'mcp-registry' }),
		...extraEnv,
	};
	return env;
}

/** A port the OS considers free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, HOST, () => {
			const { port } = srv.address() as net.AddressInfo;
			srv.close(() => resolve(port));
		});
	});
}
