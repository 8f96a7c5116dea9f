/**
 * Runs the sandbox (REST API, webhook service, admin API) until Ctrl+C.
 *   npm run sandbox -- [--port 4010] [--seed 1] [--sales 500] [--clients 200] [--https-only]
 * The clock follows the wall clock, so webhook resends and token expiry happen in real time;
 * POST /_sandbox/clock/advance {"ms": …} jumps ahead.
 */
import { API_KEYS, startSandbox, type SandboxSize } from '../sandbox';

function option(name: string): string | undefined {
	const index = process.argv.indexOf(`--${name}`);
	return index >= 0 ? process.argv[index + 1] : undefined;
}

const number = (name: string) => (option(name) === undefined ? undefined : Number(option(name)));

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

async function main() {
	const size = Object.fromEntries(
		SIZE_KEYS.filter((key) => number(key) !== undefined).map((key) => [key, number(key)]),
	) as SandboxSize;
	const sandbox = await startSandbox({
		port: number('port') ?? 4010,
		seed: number('seed') ?? 1,
		size,
		realTimeTicker: true,
		// n8n on this machine posts to http://127.0.0.1 webhooks unless --https-only is given.
		allowLoopbackHttp: !process.argv.includes('--https-only'),
	});
	const frontDesk = sandbox.frontDeskLogin;
	const lines = [
		'Mindbody sandbox is running.',
		`  REST API base URL      ${sandbox.restBaseUrl}`,
		`  Webhook service URL    ${sandbox.webhooksBaseUrl}`,
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
	];
	console.log(lines.join('\n'));
	const stop = async () => {
		await sandbox.stop();
		process.exit(0);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
