/**
 * One command to try the package in a real n8n against the sandbox:
 *   npm start -- [--n8n 2.8.4|2.41.1] [--port 5678] [--sandbox-port 4010] [--smtp-port 2525] [--mail-port 8025]
 *                [--no-build] [--keep]
 *
 * Builds and packs this package, installs it into a fresh n8n user folder the way the
 * Community Nodes installer does, starts the Mindbody sandbox and n8n (both on 127.0.0.1),
 * creates the owner, a `mindbodyApi` credential pointing at the sandbox (staff login) and
 * the example workflows of examples/ (activated when every credential they name exists: the front
 * desk assistant needs a chat model, given by OPENAI_API_KEY and, for another OpenAI-compatible
 * server, OPENAI_BASE_URL). The examples' SMTP credential points at a mail catcher on 127.0.0.1
 * (scripts/mailCatcher.ts) whose page shows each mail it is sent; a line here names each one.
 * Ctrl-C stops everything.
 */
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';

import { startSandbox, type Sandbox } from '../sandbox';
import { ADD_CLIENT_PATH, addClientWorkflow } from './addClientWorkflow';
import { catcherSmtpCredential, startMailCatcher, type MailCatcher } from './mailCatcher';
import * as n8n from './n8n';

const ROOT = path.resolve(__dirname, '..');
const OWNER = { email: 'owner@example.com', password: 'Mindbody-demo-1', firstName: 'Demo', lastName: 'Owner' };
const CREDENTIAL_NAME = 'Mindbody sandbox';

function option(name: string): string | undefined {
	const index = process.argv.indexOf(`--${name}`);
	return index >= 0 ? process.argv[index + 1] : undefined;
}
const flag = (name: string) => process.argv.includes(`--${name}`);
const say = (line: string) => process.stdout.write(`${line}\n`);
const step = async <T>(label: string, fn: () => Promise<T> | T): Promise<T> => {
	const t0 = Date.now();
	process.stdout.write(`• ${label} … `);
	const result = await fn();
	process.stdout.write(`${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
	return result;
};

/** The credentials the examples name, by the placeholder that stands for their id in examples/. */
const PLACEHOLDERS = {
	mindbody: 'MINDBODY_CREDENTIAL_ID',
	openAi: 'OPENAI_CREDENTIAL_ID',
	mcpToken: 'MCP_BEARER_CREDENTIAL_ID',
	smtp: 'SMTP_CREDENTIAL_ID',
} as const;
type Credentials = Partial<Record<keyof typeof PLACEHOLDERS, string>>;

/**
 * The example workflows, each placeholder replaced by the id of the credential it stands for. An
 * example naming a credential that does not exist loses that reference (n8n asks for one in the
 * editor) and is not complete: it is imported without being activated.
 */
export function loadExamples(
	credentials: Credentials,
): Array<{ file: string; workflow: n8n.WorkflowJson; complete: boolean }> {
	const dir = path.join(ROOT, 'examples');
	return fs
		.readdirSync(dir)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => {
			let text = fs.readFileSync(path.join(dir, file), 'utf8');
			for (const [key, placeholder] of Object.entries(PLACEHOLDERS)) {
				const id = credentials[key as keyof Credentials];
				if (id) text = text.replaceAll(placeholder, id);
			}
			const workflow = JSON.parse(text) as n8n.WorkflowJson;
			const missing = new Set<string>(Object.values(PLACEHOLDERS).filter((placeholder) => text.includes(placeholder)));
			for (const node of workflow.nodes) {
				const named = node.credentials as Record<string, { id: string }> | undefined;
				if (named && Object.values(named).some((c) => missing.has(c.id))) delete node.credentials;
			}
			return { file, workflow, complete: missing.size === 0 };
		});
}

async function main() {
	const version = (option('n8n') ?? '2.8.4') as n8n.N8nVersion;
	const t0 = Date.now();
	let sandbox: Sandbox | undefined;
	let server: n8n.ServerHandle | undefined;
	let mail: MailCatcher | undefined;
	let stopping = false;

	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		say('\nStopping …');
		try {
			if (server) await n8n.stopServer(server);
			if (sandbox) await sandbox.stop();
			if (mail) await mail.stop();
			if (server && !flag('keep')) fs.rmSync(server.ctx.userFolder, { recursive: true, force: true });
		} finally {
			process.exit(code);
		}
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));

	try {
		const tarball = await step(flag('no-build') ? 'packing' : 'building + packing', () =>
			n8n.packProject({ build: !flag('no-build') }),
		);
		const ctx = await step(`n8n ${version} (installed once, then cached)`, () => n8n.createContext({ version }));
		await step('installing the package as a community package', () =>
			n8n.installCommunityPackage(ctx.userFolder, tarball),
		);
		// Installed into the user folder: the packed copy is not needed any more.
		fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
		sandbox = await step('starting the Mindbody sandbox', () =>
			startSandbox({
				port: Number(option('sandbox-port') ?? 4010),
				allowLoopbackHttp: true,
				realTimeTicker: true,
			}),
		);
		mail = await step('starting the mail catcher (SMTP and its page on 127.0.0.1)', () =>
			startMailCatcher({
				port: Number(option('smtp-port') ?? 2525),
				httpPort: Number(option('mail-port') ?? 8025),
				onMail: (caught) =>
					say(`✉ "${caught.subject}" to ${caught.to.join(', ')}   ${mail?.pageUrl ?? ''}#mail-${caught.seq}`),
			}),
		);
		// The public API's credential schema check trips over n8n's own added fields; the CLI import
		// (before start, fixed encryption key) takes the plain data as is. The MCP server example
		// answers only with its token; the front desk example needs a chat model.
		const mcpToken = randomBytes(18).toString('base64url');
		const credentials: Record<keyof Credentials, n8n.CredentialJson | undefined> = {
			mindbody: {
				id: n8n.newId(),
				name: CREDENTIAL_NAME,
				type: 'mindbodyApi',
				data: {
					apiKey: sandbox.apiKey,
					siteId: sandbox.siteId,
					baseUrl: sandbox.restBaseUrl,
					webhooksBaseUrl: sandbox.webhooksBaseUrl,
					userMode: 'staffLogin',
					username: sandbox.staffLogin.username,
					password: sandbox.staffLogin.password,
				},
			},
			mcpToken: {
				id: n8n.newId(),
				name: 'Mindbody MCP server token',
				type: 'httpBearerAuth',
				data: { token: mcpToken },
			},
			smtp: {
				id: n8n.newId(),
				name: 'Studio mail (SMTP)',
				type: 'smtp',
				data: catcherSmtpCredential(mail.port),
			},
			openAi: process.env.OPENAI_API_KEY
				? {
						id: n8n.newId(),
						name: 'OpenAI',
						type: 'openAiApi',
						data: {
							apiKey: process.env.OPENAI_API_KEY,
							url: process.env.OPENAI_BASE_URL || 'https://api.openai.com/v1',
						},
					}
				: undefined,
		};
		const imported = Object.values(credentials).filter((c): c is n8n.CredentialJson => c !== undefined);
		await step(`importing credentials ${imported.map((c) => `"${c.name}"`).join(', ')}`, () =>
			importCredentials(ctx, imported),
		);
		const credentialId = credentials.mindbody!.id!;
		const ids: Credentials = Object.fromEntries(
			Object.entries(credentials).flatMap(([key, c]) => (c ? [[key, c.id]] : [])),
		);
		const port = Number(option('port') ?? 5678);
		server = await step(`starting n8n on 127.0.0.1:${port}`, () => n8n.startServer(ctx, { port }));
		const started = server;
		await step('creating the owner', () => n8n.setupOwner(started, OWNER));
		await n8n.createApiKey(started, 'npm start');
		const created: string[] = [];
		const workflowIds = new Map<string, string>();
		const waiting: string[] = [];
		for (const { file, workflow, complete } of loadExamples(ids)) {
			await step(`importing ${complete ? '+ activating ' : ''}examples/${file}`, async () => {
				const id = complete
					? await n8n.createAndActivateWorkflow(started, workflow)
					: await createInactive(started, workflow);
				workflowIds.set(file, id);
				created.push(`  ${started.baseUrl}/workflow/${id}   ${workflow.name}${complete ? '' : ' (not active)'}`);
				if (!complete) waiting.push(workflow.name);
				const chat = workflow.nodes.find((node) => node.type === '@n8n/n8n-nodes-langchain.chatTrigger');
				if (chat && complete) {
					created.push(`    chat (log in to n8n first): ${started.baseUrl}/webhook/${String(chat.webhookId)}/chat`);
				}
			});
		}
		const loop = await step('adding a client with the Mindbody node (a workflow of its own)', () =>
			clientLoop(started, credentialId, workflowIds.get(INTRO_EXAMPLE)),
		);
		created.push(
			`  ${started.baseUrl}/workflow/${loop.workflowId}   (adds a client: POST ${started.baseUrl}/webhook/${ADD_CLIENT_PATH})`,
		);

		const origin = new URL(sandbox.adminUrl).origin;
		say(`\nReady in ${((Date.now() - t0) / 1000).toFixed(0)} s.\n`);
		say(`n8n ${version} editor   ${started.baseUrl}`);
		say(`  login               ${OWNER.email} / ${OWNER.password}`);
		say(`  user folder         ${ctx.userFolder}${flag('keep') ? ' (kept)' : ' (removed on exit; --keep keeps it)'}`);
		say(`  server log          ${started.logFile}`);
		say(`Mindbody sandbox    ${origin}`);
		say(`  console             ${sandbox.adminUrl}/   (the business, every request, webhooks, the clock)`);
		say(`  REST API            ${sandbox.restBaseUrl}`);
		say(`  staff login         ${sandbox.staffLogin.username} / ${sandbox.staffLogin.password}`);
		say('Example workflows:');
		created.forEach((line) => say(line));
		for (const name of waiting) {
			say(`  "${name}" needs a chat model: set OPENAI_API_KEY (and OPENAI_BASE_URL for another`);
			say('  OpenAI-compatible server) before npm start, or add a credential in the editor and activate it.');
		}
		say(`Mail catcher        ${mail.pageUrl}   (the e-mails the examples send, newest first)`);
		say(`  SMTP                smtp://127.0.0.1:${mail.port}   (the examples' SMTP credential)`);
		say(`Mindbody MCP server (examples/08)`);
		say(`  URL                 ${started.baseUrl}/mcp/mindbody   (Streamable HTTP)`);
		say(`  header              Authorization: Bearer ${mcpToken}`);
		say(`\n${loop.line}`);
		say('\nThings to try:');
		say(
			`  curl -X POST ${started.baseUrl}/webhook/${ADD_CLIENT_PATH} -H 'content-type: application/json' -d '{"firstName":"Ada","lastName":"Lovelace","email":"ada@example.com"}'`,
		);
		say(
			`    … adds a client with the Mindbody node: example 5 books her intro class and e-mails her (${mail.pageUrl}).`,
		);
		say(
			`  curl -X POST ${origin}/_sandbox/webhooks/emit -H 'content-type: application/json' -d '{"eventId":"client.created"}'`,
		);
		say(
			`  curl -X POST ${origin}/_sandbox/webhooks/emit -H 'content-type: application/json' -d '{"eventId":"clientSale.created"}'`,
		);
		say("    … then open the workflow's Executions tab.");
		say(`  curl ${origin}/_sandbox/webhooks/subscriptions      # the trigger's subscriptions`);
		say(`  curl ${origin}/_sandbox/state/appointmentRequests   # what "review appointment requests" changes`);
		say(`  curl '${origin}/_sandbox/requests?service=rest'     # every call n8n made`);
		say('  Open a Schedule-triggered example and press "Execute workflow" to run it now.');
		say('\nCtrl-C stops n8n and the sandbox.');
	} catch (error) {
		process.stderr.write(`\nstart failed: ${(error as Error).stack ?? error}\n`);
		await stop(1);
	}
}

/** `n8n import:credentials` of several at once: each CLI run takes most of a minute to start. */
async function importCredentials(ctx: n8n.Context, credentials: n8n.CredentialJson[]): Promise<void> {
	const file = path.join(ctx.userFolder, 'import', `credentials-${process.pid}.json`);
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, JSON.stringify(credentials));
	try {
		await n8n.runCli(ctx, ['import:credentials', `--input=${file}`]);
	} finally {
		fs.rmSync(file, { force: true });
	}
}

/** Creates a workflow without activating it (it names a credential that is not there yet). */
async function createInactive(started: n8n.ServerHandle, workflow: n8n.WorkflowJson): Promise<string> {
	const { name, nodes, connections, settings = {} } = workflow;
	const res = await n8n.api(started, 'POST', '/workflows', { name, nodes, connections, settings });
	if (res.status !== 200) throw new Error(`create workflow: HTTP ${res.status} ${res.text.slice(0, 300)}`);
	return (res.json as { id: string }).id;
}

/** The example whose trigger a new client starts (the loop npm start shows). */
const INTRO_EXAMPLE = '05-new-client-intro-class.json';

/**
 * A workflow's Mindbody node creates a client; the sandbox dispatches client.created, and the
 * intro-class example's trigger runs with that client: the loop, shown once at start.
 */
async function clientLoop(
	started: n8n.ServerHandle,
	credentialId: string,
	introId: string | undefined,
): Promise<{ line: string; workflowId: string }> {
	const workflowId = await n8n.createAndActivateWorkflow(started, addClientWorkflow(credentialId));
	const email = `demo.client.${Date.now()}@example.com`;
	const res = await n8n.callWebhook(started, ADD_CLIENT_PATH, {
		body: { firstName: 'Demo', lastName: 'Client', email },
	});
	const client = (res.json as { Id?: string } | undefined)?.Id;
	if (res.status !== 200 || !client) throw new Error(`the add-a-client workflow answered ${res.status}`);
	const added = `The Mindbody node added client ${client} (${email})`;
	if (!introId) return { line: `${added}.`, workflowId };
	const deadline = Date.now() + 30_000;
	while (Date.now() < deadline) {
		const [run] = await n8n.listExecutions(started, introId, { includeData: false, maxPages: 1 });
		if (run?.stoppedAt) {
			return {
				line: `${added}; its client.created started "new client, intro class" once: ${started.baseUrl}/workflow/${introId}/executions/${run.id} (${run.status}).`,
				workflowId,
			};
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	return { line: `${added}; the intro-class example has not run yet: see its Executions tab.`, workflowId };
}

void main();
