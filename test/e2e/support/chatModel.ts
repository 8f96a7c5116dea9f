/**
 * A stand-in chat model for the e2e suite: an OpenAI-compatible Chat Completions endpoint on
 * 127.0.0.1 whose answers come from a script (a function of the conversation so far), so an AI
 * Agent runs in a real n8n with no outside model. n8n's OpenAI Chat Model node reaches it through
 * its credential's Base URL.
 *
 *   const model = await ChatModel.start((request) => ({ toolCalls: [{ name: 'Find_Client', arguments: {...} }] }));
 *   credential data: { apiKey: 'stand-in', url: model.baseUrl }
 *
 * It refuses what OpenAI refuses of a request's tools (a description over 1,024 characters, a name
 * outside [a-zA-Z0-9_-]{1,64}), with OpenAI's error shape, and keeps every request it answered.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** OpenAI's limit on a function tool's description. */
export const TOOL_DESCRIPTION_LIMIT = 1024;
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export interface ToolCall {
	id: string;
	type: 'function';
	function: { name: string; arguments: string };
}

export interface ChatMessage {
	role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
	content: string | null | Array<{ type: string; text?: string }>;
	tool_calls?: ToolCall[];
	tool_call_id?: string;
}

export interface ChatTool {
	type: 'function';
	function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

export interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	tools?: ChatTool[];
	stream?: boolean;
}

/** What the model says next: text, or calls of tools by name with their arguments. */
export type ChatReply = { text: string } | { toolCalls: Array<{ name: string; arguments: Record<string, unknown> }> };

export type ChatScript = (request: ChatRequest) => ChatReply;

/** The text of a message, whichever form its content takes. */
export function textOf(message: ChatMessage): string {
	if (typeof message.content === 'string') return message.content;
	return (message.content ?? []).map((part) => part.text ?? '').join('');
}

/** What each tool call of the conversation answered, in order: the call and the tool message's text. */
export function toolResults(request: ChatRequest): Array<{ name: string; arguments: unknown; answer: string }> {
	const answers = new Map(request.messages.filter((m) => m.role === 'tool').map((m) => [m.tool_call_id, textOf(m)]));
	return request.messages
		.flatMap((m) => m.tool_calls ?? [])
		.filter((call) => answers.has(call.id))
		.map((call) => ({
			name: call.function.name,
			arguments: JSON.parse(call.function.arguments || '{}') as unknown,
			answer: answers.get(call.id)!,
		}));
}

export class ChatModel {
	/** Every request answered (refused ones included), in order. */
	readonly requests: ChatRequest[] = [];
	private calls = 0;

	private constructor(
		private readonly server: Server,
		private script: ChatScript,
	) {}

	static async start(script: ChatScript): Promise<ChatModel> {
		let model: ChatModel | undefined;
		const server = createServer((req, res) => void model!.handle(req, res));
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		model = new ChatModel(server, script);
		return model;
	}

	/** The Base URL to give n8n's OpenAI credential. */
	get baseUrl(): string {
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
	}

	/** Answers from now on with another script. */
	use(script: ChatScript): void {
		this.script = script;
	}

	async stop(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const path = (req.url ?? '').split('?')[0];
		if (req.method === 'GET' && path === '/v1/models') {
			return send(res, 200, { object: 'list', data: [{ id: 'stand-in', object: 'model', owned_by: 'e2e' }] });
		}
		if (req.method !== 'POST' || path !== '/v1/chat/completions') {
			return send(res, 404, openAiError(`No route ${req.method} ${path}: the stand-in serves chat completions.`));
		}
		let request: ChatRequest;
		try {
			request = JSON.parse(await bodyOf(req)) as ChatRequest;
		} catch {
			return send(res, 400, openAiError('The body is not JSON.'));
		}
		this.requests.push(request);
		const refusal = toolProblem(request.tools ?? []);
		if (refusal) return send(res, 400, openAiError(refusal.message, refusal.param));
		if (request.stream) return send(res, 400, openAiError('The stand-in answers without streaming.', 'stream'));
		let reply: ChatReply;
		try {
			reply = this.script(request);
		} catch (error) {
			return send(res, 500, openAiError(`The script failed: ${(error as Error).message}`));
		}
		send(res, 200, this.completion(request, reply));
	}

	private completion(request: ChatRequest, reply: ChatReply) {
		const n = ++this.calls;
		const message =
			'text' in reply
				? { role: 'assistant', content: reply.text }
				: {
						role: 'assistant',
						content: null,
						tool_calls: reply.toolCalls.map((call, index) => ({
							id: `call_${n}_${index}`,
							type: 'function',
							function: { name: call.name, arguments: JSON.stringify(call.arguments) },
						})),
					};
		return {
			id: `chatcmpl-standin-${n}`,
			object: 'chat.completion',
			created: Math.floor(Date.now() / 1000),
			model: request.model,
			choices: [{ index: 0, message, logprobs: null, finish_reason: 'text' in reply ? 'stop' : 'tool_calls' }],
			usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
		};
	}
}

function toolProblem(tools: ChatTool[]): { message: string; param: string } | undefined {
	for (const [index, tool] of tools.entries()) {
		const { name, description = '' } = tool.function;
		if (!TOOL_NAME.test(name)) {
			return {
				message: `Invalid 'tools[${index}].function.name': string does not match pattern.`,
				param: `tools[${index}].function.name`,
			};
		}
		if (description.length > TOOL_DESCRIPTION_LIMIT) {
			return {
				message: `Invalid 'tools[${index}].function.description': string too long. Expected a string with maximum length ${TOOL_DESCRIPTION_LIMIT}, but got a string with length ${description.length} instead.`,
				param: `tools[${index}].function.description`,
			};
		}
	}
	return undefined;
}

const openAiError = (message: string, param: string | null = null) => ({
	error: { message, type: 'invalid_request_error', param, code: null },
});

function send(res: ServerResponse, status: number, body: unknown): void {
	res.writeHead(status, { 'content-type': 'application/json' });
	res.end(JSON.stringify(body));
}

function bodyOf(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		let body = '';
		req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
		req.on('end', () => resolve(body));
		req.on('error', reject);
	});
}
