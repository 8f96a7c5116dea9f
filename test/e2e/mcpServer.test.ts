/**
 * examples/08 (the Mindbody MCP server) in a real n8n: an MCP client of the official SDK connects
 * to the workflow's MCP Server Trigger over Streamable HTTP with its bearer token, lists the
 * read-only Mindbody tools and calls one; the answer is the sandbox's.
 */
import type { Sandbox } from '../../sandbox';
import { connectMcp, type McpClient } from './support/mcpSdk';
import { nodeOfType, toolDescriptions } from './support/aiExamples';
import { admin, exampleWith, startE2eSandbox, until, useSharedN8n, VERSION } from './support/mindbody';
import type { N8n } from './support/n8n';

jest.setTimeout(240000);

const EXAMPLE = '08-mindbody-mcp-server.json';
const TOKEN = 'e2e-mcp-token-0123456789';

interface Class {
	Id: number;
	StartDateTime: string;
	IsCanceled: boolean;
}

describe(`examples/08: the Mindbody MCP server in n8n ${VERSION}`, () => {
	let sandbox: Sandbox;
	let n8n: N8n;
	let url: string;
	let client: McpClient;
	let descriptions: Record<string, string>;

	/** n8n registers the trigger's path a moment after the workflow is activated (on a busy machine, seconds). */
	async function untilRegistered(endpoint: string): Promise<void> {
		const deadline = Date.now() + 60_000;
		for (;;) {
			const res = await fetch(endpoint, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: '{}',
			});
			await res.text();
			if (res.status !== 404 || Date.now() > deadline) return;
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
	}

	beforeAll(async () => {
		sandbox = await startE2eSandbox();
		const bearer = { name: 'Mindbody MCP server token', type: 'httpBearerAuth', data: { token: TOKEN } };
		const shared = await useSharedN8n(sandbox, { MCP_BEARER_CREDENTIAL_ID: bearer });
		n8n = shared.n8n;
		const workflow = exampleWith(EXAMPLE, { MINDBODY_CREDENTIAL_ID: shared.credentialId, ...shared.ids });
		await n8n.importWorkflow(workflow);
		descriptions = toolDescriptions(workflow);
		const trigger = nodeOfType(workflow, '@n8n/n8n-nodes-langchain.mcpTrigger');
		url = `${n8n.baseUrl}/mcp/${(trigger.parameters as { path: string }).path}`;
		await untilRegistered(url);
		client = await connectMcp(url, { authorization: `Bearer ${TOKEN}` });
	});

	afterAll(async () => {
		await client?.close();
		await sandbox?.stop();
	});

	it('refuses a client without the token', async () => {
		const res = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
			body: JSON.stringify({
				jsonrpc: '2.0',
				id: 1,
				method: 'initialize',
				params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'stranger', version: '1' } },
			}),
		});
		expect(res.status).toBe(403);
	});

	it('lists the read-only Mindbody tools with their descriptions and parameters', async () => {
		const { tools } = await client.listTools();
		expect(tools.map((t) => t.name).sort()).toEqual([
			'Bookings_of_Client',
			'Classes_in_the_Next_Days',
			'Find_Client',
			'Pricing_Options',
			'Staff',
			'Visits_of_Client',
		]);
		for (const tool of tools) expect(tool.description).toBe(descriptions[tool.name]);
		const bookings = tools.find((t) => t.name === 'Bookings_of_Client')!;
		expect(Object.keys(bookings.inputSchema.properties ?? {}).sort()).toEqual(['clientId', 'endDate', 'startDate']);
		const startDate = bookings.inputSchema.properties?.startDate as { description?: string } | undefined;
		expect(startDate?.description).toMatch(/YYYY-MM-DD/);
	});

	it("answers a tool call with the sandbox's classes of the day", async () => {
		const { now } = await admin<{ now: string }>(sandbox, 'GET', 'clock');
		const day = new Date(Date.parse(now) + 86400000).toISOString().slice(0, 10);
		const before = (await admin<unknown[]>(sandbox, 'GET', 'requests?service=rest')).length;
		const result = await until(
			() => client.callTool({ name: 'Classes_in_the_Next_Days', arguments: { startDate: day, endDate: day } }),
			(r) => !r.isError,
		);
		expect(result.isError).toBeFalsy();
		const [part] = result.content as Array<{ type: string; text?: string }>;
		const answered = JSON.parse(part.text!) as Array<{ Id: number; StartDateTime: string }>;
		const classes = await admin<Class[]>(sandbox, 'GET', 'state/classes');
		const expected = classes
			.filter((c) => c.StartDateTime.startsWith(day) && !c.IsCanceled)
			.sort((a, b) => a.StartDateTime.localeCompare(b.StartDateTime) || a.Id - b.Id)
			.map((c) => c.Id);
		expect(expected.length).toBeGreaterThan(0);
		expect(answered.map((c) => c.Id)).toEqual(expected);
		// One tool call, one GET /class/classes (and the credential's login on its first use).
		const sent = (await admin<Array<{ operation?: string; path: string }>>(sandbox, 'GET', 'requests?service=rest'))
			.slice(before)
			.filter((r) => r.path !== '/usertoken/issue');
		expect(sent.map((r) => r.operation)).toEqual(['GetClasses']);
	});
});
