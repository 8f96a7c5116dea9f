/**
 * examples/07 (the front desk assistant) in a real n8n, with no outside model: a stand-in chat
 * model on 127.0.0.1 (OpenAI's Chat Completions, answering from a script) drives n8n's AI Agent.
 * A person asks in n8n's hosted chat to book a client into a class; the agent finds the client and
 * the class with the Mindbody tools and asks to book; the booking waits for the person's review in
 * the chat. Declined, or answered in words instead: nothing is booked (the sandbox's state and
 * request log), and the model is told why. Approved: booked once (one AddClientToClass on the wire,
 * one classRosterBooking.created).
 */
import type { Sandbox } from '../../sandbox';
import { ChatModel, TOOL_DESCRIPTION_LIMIT, toolResults, type ChatRequest, type ChatScript } from './support/chatModel';
import { ChatTurn, ownerCookie } from './support/hostedChat';
import { nodeOfType, toolDescriptions } from './support/aiExamples';
import { admin, exampleWith, startE2eSandbox, useSharedN8n, VERSION } from './support/mindbody';
import type { Execution, N8n } from './support/n8n';

jest.setTimeout(300000);

const EXAMPLE = '07-front-desk-agent.json';
const BOOK = 'Book_Client_into_Class';

interface Client {
	Id: number;
	ClientId: string;
	FirstName: string;
	LastName: string;
	Status: string;
}
interface Class {
	Id: number;
	ClassDescriptionId: number;
	StartDateTime: string;
	IsCanceled: boolean;
	MaxCapacity: number | null;
	TotalBooked: number;
}
interface Visit {
	ClassId: number;
	ClientId: number;
}
interface Target {
	client: Client;
	clientName: string;
	classId: number;
	className: string;
	from: string;
	to: string;
}

/**
 * The model's side of the conversation: find the client and the week's classes (two tool calls at
 * once), then ask to book the named class, then say what happened. Every ID comes from what the
 * tools answered.
 */
function frontDesk(target: Target): ChatScript {
	return (request) => {
		const results = toolResults(request);
		const answer = (name: string) => results.find((r) => r.name === name)?.answer;
		const found = answer('Find_Client');
		const classes = answer('Classes_in_the_Next_Days');
		if (found === undefined || classes === undefined) {
			return {
				toolCalls: [
					{ name: 'Find_Client', arguments: { searchText: target.clientName } },
					{ name: 'Classes_in_the_Next_Days', arguments: { startDate: target.from, endDate: target.to } },
				],
			};
		}
		const client = (JSON.parse(found) as Array<{ Id: string; FirstName: string; LastName: string }>).find(
			(c) => `${c.FirstName} ${c.LastName}` === target.clientName,
		);
		const klass = (JSON.parse(classes) as Array<{ Id: number }>).find((c) => c.Id === target.classId);
		if (!client || !klass)
			return { text: `Not found in the tools' answers: ${found.slice(0, 200)} ${classes.slice(0, 200)}` };
		const booked = answer(BOOK);
		if (booked === undefined) {
			return {
				toolCalls: [
					{ name: BOOK, arguments: { toolParameters: { clientId: client.Id, classId: klass.Id }, hitlParameters: {} } },
				],
			};
		}
		return /rejected|feedback/i.test(booked)
			? { text: `Nothing was booked: ${target.clientName} is not in ${target.className}. What should I change?` }
			: { text: `Booked ${target.clientName} into ${target.className}.` };
	};
}

describe(`examples/07: the front desk assistant in n8n ${VERSION}`, () => {
	let sandbox: Sandbox;
	let model: ChatModel;
	let n8n: N8n;
	let webhookId: string;
	let cookie: string;
	let target: Target;
	/** The Description of each Mindbody tool of the example, by tool name. */
	let descriptions: Record<string, string>;

	beforeAll(async () => {
		sandbox = await startE2eSandbox();
		model = await ChatModel.start(() => ({ text: 'No script yet.' }));
		const openAi = { name: 'OpenAI', type: 'openAiApi', data: { apiKey: 'stand-in', url: model.baseUrl } };
		const shared = await useSharedN8n(sandbox, { OPENAI_CREDENTIAL_ID: openAi });
		n8n = shared.n8n;
		const workflow = exampleWith(EXAMPLE, { MINDBODY_CREDENTIAL_ID: shared.credentialId, ...shared.ids });
		await n8n.importWorkflow(workflow);
		webhookId = String(nodeOfType(workflow, '@n8n/n8n-nodes-langchain.chatTrigger').webhookId);
		descriptions = toolDescriptions(workflow);
		cookie = await ownerCookie(n8n);
		target = await pickTarget(sandbox);
		model.use(frontDesk(target));
	});

	afterAll(async () => {
		await model?.stop();
		await sandbox?.stop();
	});

	const ask = (sessionId: string) =>
		ChatTurn.send(n8n, {
			webhookId,
			sessionId,
			cookie,
			text: `Please book ${target.clientName} into ${target.className} (${target.from} to ${target.to}).`,
		});

	/** The review the chat shows before the booking runs, with nothing sent to book yet. */
	async function reviewShown(turn: ChatTurn) {
		const review = await turn.next();
		expect(review.text).toContain(`Book Client into Class: client ${target.client.ClientId}, class ${target.classId}`);
		expect(review.buttons.map((b) => b.text).sort()).toEqual(['Approve', 'Decline']);
		expect((await execution(turn.executionId)).status).toBe('waiting');
		expect(await admin<unknown[]>(sandbox, 'GET', 'requests?operation=AddClientToClass')).toEqual([]);
		return review;
	}

	/** The tools the model was offered: the example's, with their descriptions, the two that change data wrapped by the review. */
	function expectToolsOffered(request: ChatRequest) {
		const tools = Object.fromEntries((request.tools ?? []).map((t) => [t.function.name, t.function]));
		expect(Object.keys(tools).sort()).toEqual(Object.keys(descriptions).sort());
		for (const [name, tool] of Object.entries(tools)) {
			expect(tool.description).toBe(descriptions[name]);
			expect(tool.description!.length).toBeLessThanOrEqual(TOOL_DESCRIPTION_LIMIT);
		}
		// The review wraps the gated tools: the model fills the tool's own parameters and the review's.
		for (const gated of ['Book_Client_into_Class', 'Cancel_Booking']) {
			expect(Object.keys((tools[gated].parameters as { properties: object }).properties).sort()).toEqual([
				'hitlParameters',
				'toolParameters',
			]);
		}
		const findClient = tools.Find_Client.parameters as { properties: object };
		expect(Object.keys(findClient.properties)).toEqual(['searchText']);
		// The system prompt leads (OpenAI's newer models take it as a developer message).
		expect(['system', 'developer']).toContain(request.messages[0].role);
	}

	it('a declined booking books nothing, and the agent says so', async () => {
		const before = await admin<unknown[]>(sandbox, 'GET', 'requests?service=rest');
		const turn = await ask('e2e-front-desk-declined');
		const review = await reviewShown(turn);
		expectToolsOffered(model.requests[0]);
		await turn.press(review, 'Decline');
		const reply = await turn.next();
		expect(reply.text).toBe(
			`Nothing was booked: ${target.clientName} is not in ${target.className}. What should I change?`,
		);
		await turn.ended();
		expect((await execution(turn.executionId)).status).toBe('success');

		// What the model was told after the decline.
		const last = model.requests.at(-1) as ChatRequest;
		expect(toolResults(last).find((r) => r.name === BOOK)?.answer).toMatch(/rejected/i);
		// Nothing booked: no AddClientToClass, no booking event, the roster unchanged.
		expect(await admin<unknown[]>(sandbox, 'GET', 'requests?operation=AddClientToClass')).toEqual([]);
		expect(await bookingEvents(sandbox, target)).toEqual([]);
		expect(await booked(sandbox, target)).toBe(false);
		// Only reads went out (and the credential's login, on its first use).
		const during = (
			await admin<Array<{ method: string; path: string }>>(sandbox, 'GET', 'requests?service=rest')
		).slice(before.length);
		expect(during.filter((r) => r.method !== 'GET' && r.path !== '/usertoken/issue')).toEqual([]);
	});

	it('an answer typed instead of pressing a button declines, and reaches the model as the reason', async () => {
		const turn = await ask('e2e-front-desk-typed');
		await reviewShown(turn);
		turn.say('Not that one, she wants an evening class.');
		const reply = await turn.next();
		expect(reply.text).toMatch(/^Nothing was booked/);
		await turn.ended();
		expect((await execution(turn.executionId)).status).toBe('success');
		const told = toolResults(model.requests.at(-1) as ChatRequest).find((r) => r.name === BOOK)?.answer;
		expect(told).toContain('Not that one, she wants an evening class.');
		expect(await admin<unknown[]>(sandbox, 'GET', 'requests?operation=AddClientToClass')).toEqual([]);
		expect(await booked(sandbox, target)).toBe(false);
	});

	it('an approved booking books the client once', async () => {
		const before = (await admin<unknown[]>(sandbox, 'GET', 'requests?service=rest')).length;
		const turn = await ask('e2e-front-desk-approved');
		await turn.press(await reviewShown(turn), 'Approve');
		const reply = await turn.next();
		expect(reply.text).toBe(`Booked ${target.clientName} into ${target.className}.`);
		await turn.ended();
		const run = await execution(turn.executionId);
		expect(run.status).toBe('success');

		const adds = await admin<Array<{ method: string; rawBody: string }>>(
			sandbox,
			'GET',
			'requests?operation=AddClientToClass',
		);
		expect(adds).toHaveLength(1);
		expect(JSON.parse(adds[0].rawBody)).toMatchObject({ ClientId: target.client.ClientId, ClassId: target.classId });
		expect(await bookingEvents(sandbox, target)).toHaveLength(1);
		expect(await booked(sandbox, target)).toBe(true);

		// What the conversation cost on the wire: one request per tool call.
		const during = (await admin<Array<{ operation?: string; path: string }>>(sandbox, 'GET', 'requests?service=rest'))
			.slice(before)
			.map((r) => r.operation ?? r.path);
		expect(during.sort()).toEqual(['AddClientToClass', 'GetClasses', 'GetClients']);
	});

	async function execution(id: string): Promise<Execution> {
		const res = await n8n.api('GET', `/executions/${id}?includeData=false`);
		return res.json as Execution;
	}
});

/** A client with a name no other client has, and a class of the coming days they can be booked into. */
async function pickTarget(sandbox: Sandbox): Promise<Target> {
	const clients = await admin<Client[]>(sandbox, 'GET', 'state/clients');
	const classes = await admin<Class[]>(sandbox, 'GET', 'state/classes');
	const descriptions = await admin<Array<{ Id: number; Name: string }>>(sandbox, 'GET', 'state/classDescriptions');
	const { visits } = await admin<{ visits: Visit[] }>(sandbox, 'GET', 'state/classRecords');
	const { now } = await admin<{ now: string }>(sandbox, 'GET', 'clock');
	const name = (c: Client) => `${c.FirstName} ${c.LastName}`;
	const client = clients.find((c) => c.Status === 'Active' && clients.filter((o) => name(o) === name(c)).length === 1)!;
	const from = now.slice(0, 10);
	const to = new Date(Date.parse(now) + 6 * 86400000).toISOString().slice(0, 10);
	const klass = classes
		.filter(
			(c) =>
				!c.IsCanceled &&
				c.StartDateTime > new Date(Date.parse(now) + 86400000).toISOString() &&
				c.StartDateTime.slice(0, 10) <= to &&
				(c.MaxCapacity === null || c.TotalBooked < c.MaxCapacity) &&
				!visits.some((v) => v.ClassId === c.Id && v.ClientId === client.Id),
		)
		.sort((a, b) => a.StartDateTime.localeCompare(b.StartDateTime))[0];
	const className = descriptions.find((d) => d.Id === klass.ClassDescriptionId)!.Name;
	return { client, clientName: name(client), classId: klass.Id, className, from, to };
}

async function bookingEvents(sandbox: Sandbox, target: Target) {
	const events = await admin<Array<{ eventId: string; eventData: { classId: number; clientId: string } }>>(
		sandbox,
		'GET',
		'events',
	);
	return events.filter(
		(e) =>
			e.eventId === 'classRosterBooking.created' &&
			e.eventData.classId === target.classId &&
			e.eventData.clientId === target.client.ClientId,
	);
}

async function booked(sandbox: Sandbox, target: Target): Promise<boolean> {
	const { visits } = await admin<{ visits: Visit[] }>(sandbox, 'GET', 'state/classRecords');
	return visits.some((v) => v.ClassId === target.classId && v.ClientId === target.client.Id);
}
