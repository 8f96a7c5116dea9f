/**
 * A person in n8n's hosted chat, as its page talks to n8n: a message is POSTed to the Chat
 * Trigger's URL, which answers with the execution it started; a WebSocket on /chat then carries
 * what the workflow sends back (plain text, or text with buttons such as Approve / Decline, each a
 * link to the waiting execution) until the execution ends. Pressing a button opens its link, as a
 * browser does.
 *
 *   const turn = await ChatTurn.send(n8n, { webhookId, sessionId, cookie, text: 'Book me in' });
 *   const review = await turn.next();          // { text, buttons }
 *   await turn.press(review, 'Decline');  // or turn.say('Not that one')
 *   const reply = await turn.next();
 *   await turn.ended();
 */
import { WebSocket } from 'undici';

import type { N8n } from './n8n';

export interface ChatButton {
	text: string;
	link: string;
	type?: string;
}

export interface BotMessage {
	text: string;
	buttons: ChatButton[];
}

const HEARTBEAT = 'n8n|heartbeat';
const CONTINUE = 'n8n|continue';
// n8n ignores approval links opened by bots (link previews), and a bare fetch names itself "node".
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

/** The n8n-auth cookie of the owner the e2e suite creates (scripts/n8n setupOwner's defaults). */
export async function ownerCookie(n8n: N8n): Promise<string> {
	const res = await fetch(`${n8n.baseUrl}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'browser-id': 'n8n-nodes-mindbody-e2e' },
		body: JSON.stringify({ emailOrLdapLoginId: 'owner@example.com', password: 'E2e-password-1' }),
		signal: AbortSignal.timeout(15000),
	});
	const cookie = res.headers.getSetCookie().find((value) => value.startsWith('n8n-auth='));
	if (!res.ok || !cookie) throw new Error(`login: HTTP ${res.status}`);
	return cookie.split(';')[0];
}

export class ChatTurn {
	private readonly received: BotMessage[] = [];
	private read = 0;
	private waiter?: () => void;
	private readonly closed: Promise<void>;

	private constructor(
		readonly executionId: string,
		private readonly sessionId: string,
		private readonly socket: WebSocket,
	) {
		this.closed = new Promise((resolve) => socket.addEventListener('close', () => resolve()));
		socket.addEventListener('close', () => this.waiter?.());
		socket.addEventListener('message', (event) => {
			const data = String(event.data);
			if (data === HEARTBEAT) return socket.send('n8n|heartbeat-ack');
			if (data === CONTINUE) return;
			this.received.push(messageOf(data));
			this.waiter?.();
		});
	}

	/** Sends one chat message to an active workflow's Chat Trigger and opens the chat's socket. */
	static async send(
		n8n: N8n,
		{ webhookId, sessionId, cookie, text }: { webhookId: string; sessionId: string; cookie: string; text: string },
	): Promise<ChatTurn> {
		const res = await n8n.webhook(`${webhookId}/chat`, {
			body: { action: 'sendMessage', sessionId, chatInput: text },
			headers: { cookie },
		});
		const started = res.json as { executionStarted?: boolean; executionId?: string; resumeToken?: string } | undefined;
		if (res.status !== 200 || !started?.executionId) {
			throw new Error(`chat message: HTTP ${res.status} ${res.text.slice(0, 300)}`);
		}
		const url = new URL(n8n.baseUrl.replace(/^http/, 'ws'));
		url.pathname = '/chat';
		url.search = new URLSearchParams({
			sessionId,
			executionId: started.executionId,
			isPublic: 'true',
			...(started.resumeToken ? { token: started.resumeToken } : {}),
		}).toString();
		const socket = new WebSocket(url.toString());
		await new Promise<void>((resolve, reject) => {
			socket.addEventListener('open', () => resolve(), { once: true });
			socket.addEventListener('error', () => reject(new Error(`chat socket ${url} did not open`)), { once: true });
		});
		return new ChatTurn(started.executionId, sessionId, socket);
	}

	/** Everything the workflow has sent to the chat so far. */
	get messages(): readonly BotMessage[] {
		return this.received;
	}

	/** The next message the workflow sends (n8n looks for one every 3 s). */
	async next(timeoutMs = 60000): Promise<BotMessage> {
		const deadline = Date.now() + timeoutMs;
		while (this.read >= this.received.length) {
			if (this.socket.readyState === WebSocket.CLOSED) throw new Error('the chat closed without another message');
			if (Date.now() > deadline) throw new Error(`no chat message within ${timeoutMs} ms`);
			await new Promise<void>((resolve) => {
				const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
				this.waiter = () => (clearTimeout(timer), resolve());
			});
		}
		return this.received[this.read++];
	}

	/** Presses a button of a message: its link opens the waiting execution, as a browser does. */
	async press(message: BotMessage, label: string): Promise<void> {
		const button = message.buttons.find((b) => b.text === label);
		if (!button) throw new Error(`no "${label}" button in ${JSON.stringify(message.buttons.map((b) => b.text))}`);
		const res = await fetch(button.link, { headers: { 'user-agent': BROWSER }, signal: AbortSignal.timeout(30000) });
		if (!res.ok) throw new Error(`${label}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
	}

	/** Types a message into the chat while the workflow waits (instead of pressing a button). */
	say(text: string): void {
		this.socket.send(JSON.stringify({ sessionId: this.sessionId, action: 'sendMessage', chatInput: text }));
	}

	/** Resolves once n8n closes the chat (it does when the execution has finished). */
	async ended(timeoutMs = 60000): Promise<void> {
		let timer: NodeJS.Timeout | undefined;
		const timeout = new Promise<never>((_, reject) => {
			timer = setTimeout(() => reject(new Error(`the chat stayed open ${timeoutMs} ms`)), timeoutMs);
		});
		try {
			await Promise.race([this.closed, timeout]);
		} finally {
			clearTimeout(timer);
		}
	}

	close(): void {
		this.socket.close();
	}
}

function messageOf(data: string): BotMessage {
	try {
		const parsed = JSON.parse(data) as { type?: string; text?: string; buttons?: ChatButton[] };
		if (parsed && typeof parsed === 'object' && parsed.type === 'with-buttons') {
			return { text: parsed.text ?? '', buttons: parsed.buttons ?? [] };
		}
	} catch {
		/* plain text */
	}
	return { text: data, buttons: [] };
}
