#!/usr/bin/env node
/**
 * Runs the sandbox (REST API, webhook service, admin API and console) until Ctrl+C:
 *   mindbody-sandbox [--port 4010] [--seed 1] [--sales 500] [--clients 200] [--https-only]
 * (in this repository: npm run sandbox -- …). The clock follows the wall clock, so webhook resends
 * and token expiry happen in real time; POST /_sandbox/clock/advance {"ms": …} jumps ahead.
 */
import { API_KEYS, startSandbox, type SandboxSize } from './index';

const SIZE_KEYS: Array<keyof SandboxSize> = [
	'locations',
	'staff',
	'clients',
	'sales',
	'appointments',
	'appointmentRequests',
	'promoCodes',
	'classSchedules',
	'enrollments',
	'closures',
];

const USAGE = `Usage: mindbody-sandbox [options]
  --port <n>           port on 127.0.0.1 (default 4010; 0 picks a free one)
  --seed <n>           seed of the generated business (default 1)
  --<size> <n>         size of the main site: ${SIZE_KEYS.join(', ')}
  --https-only         refuse plain-http webhook URLs on loopback, as the real service refuses them
  --help               this text`;

function option(argv: string[], name: string): string | undefined {
	const index = argv.indexOf(`--${name}`);
	return index >= 0 ? argv[index + 1] : undefined;
}

/** A whole number option, or an error naming it. */
function number(argv: string[], name: string): number | undefined {
	const text = option(argv, name);
	if (text === undefined) return undefined;
	const value = Number(text);
	if (!Number.isInteger(value)) throw new Error(`--${name} takes a whole number, not ${JSON.stringify(text)}`);
	return value;
}

const say = (line = '') => process.stdout.write(`${line}\n`);

export async function main(argv = process.argv.slice(2)): Promise<void> {
	if (argv.includes('--help') || argv.includes('-h')) {
		say(USAGE);
		return;
	}
	const size = Object.fromEntries(
		SIZE_KEYS.filter((key) => number(argv, key) !== undefined).map((key) => [key, number(argv, key)]),
	) as SandboxSize;
	const sandbox = await startSandbox({
		port: number(argv, 'port') ?? 4010,
		seed: number(argv, 'seed') ?? 1,
		size,
		realTimeTicker: true,
		// Receivers on this machine are plain http on 127.0.0.1 unless --https-only is given.
		allowLoopbackHttp: !argv.includes('--https-only'),
	});
	const frontDesk = sandbox.frontDeskLogin;
	[
		'Mindbody sandbox is running.',
		`  REST API base URL      ${sandbox.restBaseUrl}`,
		`  Webhook service URL    ${sandbox.webhooksBaseUrl}`,
		`  Sign-in (OAuth) URL    ${sandbox.identityBaseUrl}  (/connect/authorize, /connect/token)`,
		`  Console (browser)      ${sandbox.adminUrl}/`,
		`  Admin API              ${sandbox.adminUrl}  (GET /accounts, /state/<name>, /requests)`,
		`  Site IDs               ${sandbox.siteId} (main), ${sandbox.secondSiteId} (main key only), ${sandbox.pacificSiteId} (Pacific time, main key only)`,
		'  API keys (header API-Key, both services):',
		`    ${API_KEYS.main}  source "Sandbox Integration", live access, sites -99, -98 and -97`,
		`    ${API_KEYS.otherSource}  source "Other Integration", live access, site -99`,
		`    ${API_KEYS.noLiveAccess}  source "Pending Integration", no live access, site -99`,
		'  Logins for POST /usertoken/issue (every site):',
		`    staff (owner)         ${sandbox.staffLogin.username} / ${sandbox.staffLogin.password}`,
		`    staff (own calendar)  ${frontDesk.username} / ${frontDesk.password}`,
		`    consumer              ${sandbox.consumerLogin.username} / ${sandbox.consumerLogin.password}`,
		`  Consumer token (site -99)  ${sandbox.consumerToken}`,
		`  OAuth client           ${sandbox.oauthClient.clientId} / ${sandbox.oauthClient.clientSecret}, PKCE (S256), redirect URIs:`,
		...sandbox.oauthClient.redirectUris.map((uri) => `    ${uri}`),
		'Ctrl+C stops it.',
	].forEach((line) => say(line));
	const stop = async () => {
		await sandbox.stop();
		process.exit(0);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

if (require.main === module) {
	main().catch((error: Error) => {
		process.stderr.write(`mindbody-sandbox: ${error.message}\n`);
		process.exit(1);
	});
}
