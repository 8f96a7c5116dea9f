/**
 * A mail server on 127.0.0.1 that keeps what it is sent instead of delivering it: the SMTP
 * credential of the examples points at it under `npm start` and in the end-to-end suite, so their
 * e-mails are really sent over SMTP and can be read back. No TLS, no login: loopback only. With
 * `httpPort`, it also serves a page listing the mails it caught, newest first, each one's HTML shown
 * in a sandboxed frame (its links open in a new tab, its scripts never run).
 *
 *   const catcher = await startMailCatcher({ httpPort: 0, onMail: (mail) => console.log(mail.subject) });
 *   … SMTP credential: host 127.0.0.1, port catcher.port, SSL/TLS off, STARTTLS off …
 *   … open catcher.pageUrl …
 *   await catcher.stop();
 */
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
	/** Its place in the catcher's list, from 1. */
	seq: number;
	/** When it was caught (ISO). */
	at: string;
	/** The envelope's sender and recipients. */
	from: string;
	to: string[];
	/** The From and To headers, encoded words decoded (a display name and its address). */
	fromHeader: string;
	toHeader: string;
	/** The Subject header, its encoded words (RFC 2047) decoded. */
	subject: string;
	/** The text body, its transfer encoding undone; of a single-part HTML mail, its HTML. */
	text: string;
	/** The HTML body, when the mail has one. */
	html?: string;
	/** The message as sent. */
	raw: string;
}

export interface MailCatcher {
	port: number;
	/** The page listing the caught mails (with `httpPort`). */
	pageUrl?: string;
	mails: CaughtMail[];
	/** Resolves with the first caught mail (or the next one) that `match` accepts; bounded. */
	waitFor(match: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
	stop(): Promise<void>;
}

export async function startMailCatcher(
	opts: { port?: number; httpPort?: number; onMail?: (mail: CaughtMail) => void } = {},
) {
	const mails: CaughtMail[] = [];
	const waiting = new Set<() => void>();
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS', 'AUTH'],
		disableReverseLookup: true,
		logger: false,
		onData(stream, session, callback) {
			const chunks: Buffer[] = [];
			stream.on('data', (chunk: Buffer) => chunks.push(chunk));
			stream.on('end', () => {
				const mail = parseMail(Buffer.concat(chunks).toString('latin1'), session.envelope, mails.length + 1);
				mails.push(mail);
				opts.onMail?.(mail);
				for (const wake of waiting) wake();
				callback();
			});
		},
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
	});
	const port = (server.server.address() as AddressInfo).port;
	const page = opts.httpPort === undefined ? undefined : await startPage(opts.httpPort, mails);

	const catcher: MailCatcher = {
		port,
		pageUrl: page?.url,
		mails,
		waitFor(match, timeoutMs = 20000) {
			return new Promise((resolve, reject) => {
				const check = () => {
					const found = mails.find(match);
					if (!found) return;
					clearTimeout(timer);
					waiting.delete(check);
					resolve(found);
				};
				const timer = setTimeout(() => {
					waiting.delete(check);
					reject(new Error(`no matching mail after ${timeoutMs} ms (${mails.length} caught)`));
				}, timeoutMs);
				waiting.add(check);
				check();
			});
		},
		stop: async () => {
			await Promise.all([
				new Promise<void>((resolve) => server.close(() => resolve())),
				page && new Promise<void>((resolve) => page.server.close(() => resolve())),
			]);
		},
	};
	return catcher;
}

/** The SMTP credential's data for a catcher (n8n's `smtp` type): plain SMTP, no login. */
export function catcherSmtpCredential(port: number) {
	return { host: '127.0.0.1', port, secure: false, disableStartTls: true, user: '', password: '' };
}

interface Envelope {
	mailFrom: false | { address: string };
	rcptTo: Array<{ address: string }>;
}

interface Part {
	headers: Map<string, string>;
	/** The body as sent, one character per byte. */
	body: string;
}

/** Headers unfolded (names lower-cased) and the body after the blank line. */
function splitPart(raw: string): Part {
	const split = raw.search(/\r?\n\r?\n/);
	const head = split < 0 ? raw : raw.slice(0, split);
	const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
	const headers = new Map<string, string>();
	for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
		const colon = line.indexOf(':');
		if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
	}
	return { headers, body };
}

/** A parameter of a header such as Content-Type (`charset`, `boundary`). */
function parameter(header: string | undefined, name: string): string | undefined {
	const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(header ?? '');
	return match ? (match[1] ?? match[2]) : undefined;
}

/** Bytes (one character each) as text in a charset; an unknown charset is read as UTF-8. */
function decodeBytes(bytes: string, charset = 'utf-8'): string {
	const buffer = Buffer.from(bytes, 'latin1');
	try {
		return new TextDecoder(charset).decode(buffer);
	} catch {
		return buffer.toString('utf8');
	}
}

const quotedPrintable = (text: string) =>
	text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A part's body as text: its transfer encoding undone, read in its charset. */
function partText(part: Part): string {
	const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
	const bytes =
		encoding === 'quoted-printable'
			? quotedPrintable(part.body)
			: encoding === 'base64'
				? Buffer.from(part.body, 'base64').toString('latin1')
				: part.body;
	return decodeBytes(bytes, parameter(part.headers.get('content-type'), 'charset'));
}

/** Encoded words (RFC 2047: `=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded; the space between two of them dropped. */
export function decodeWords(header: string): string {
	return header
		.replace(/(=\?[^?]+\?[BQ]\?[^?]*\?=)\s+(?==\?[^?]+\?[BQ]\?[^?]*\?=)/gi, '$1')
		.replace(/=\?([^?*]+)(?:\*[^?]*)?\?([BQ])\?([^?]*)\?=/gi, (_, charset: string, kind: string, text: string) =>
			decodeBytes(
				kind.toUpperCase() === 'B'
					? Buffer.from(text, 'base64').toString('latin1')
					: quotedPrintable(text.replace(/_/g, ' ')),
				charset,
			),
		);
}

/** The text and HTML bodies of a message, looking into multipart parts (the first of each kind). */
function bodiesOf(part: Part): { text?: string; html?: string } {
	const type = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
	if (type.startsWith('multipart/')) {
		const boundary = parameter(part.headers.get('content-type'), 'boundary');
		if (!boundary) return {};
		const found: { text?: string; html?: string } = {};
		const pieces = part.body.split(`--${boundary}`).slice(1);
		for (const piece of pieces) {
			if (piece.startsWith('--')) break;
			const inner = bodiesOf(splitPart(piece.replace(/^\r?\n/, '')));
			found.text ??= inner.text;
			found.html ??= inner.html;
		}
		return found;
	}
	if (/attachment/i.test(part.headers.get('content-disposition') ?? '')) return {};
	if (type.startsWith('text/html')) return { html: partText(part) };
	if (type.startsWith('text/')) return { text: partText(part) };
	return {};
}

function parseMail(raw: string, envelope: Envelope, seq: number): CaughtMail {
	const message = splitPart(raw);
	const { text, html } = bodiesOf(message);
	return {
		seq,
		at: new Date().toISOString(),
		from: envelope.mailFrom ? envelope.mailFrom.address : '',
		to: envelope.rcptTo.map((r) => r.address),
		fromHeader: decodeWords(message.headers.get('from') ?? ''),
		toHeader: decodeWords(message.headers.get('to') ?? ''),
		subject: decodeWords(message.headers.get('subject') ?? ''),
		text: (text ?? html ?? '').replace(/\r\n/g, '\n'),
		html: html?.replace(/\r\n/g, '\n'),
		raw: decodeBytes(raw),
	};
}

const esc = (value: string) =>
	value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c as '&']);

/**
 * A mail's HTML as its frame shows it: links open in a new tab. Served with a `sandbox` policy
 * too, so opened on its own it runs no script either.
 */
function frameDocument(mail: CaughtMail): string {
	// A text mail's addresses made links, as a mail reader does; found before escaping, so `<` ends one.
	const linked = mail.text
		.split(/(https?:\/\/[^\s<>"']+)/)
		.map((piece, index) => (index % 2 ? `<a href="${esc(piece)}">${esc(piece)}</a>` : esc(piece)))
		.join('');
	const body = mail.html ?? `<pre style="white-space:pre-wrap;font:14px/1.5 system-ui,sans-serif">${linked}</pre>`;
	return `<!doctype html><meta charset="utf-8"><base target="_blank">${body}`;
}

const FRAME_POLICY =
	"sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; img-src data: http: https:; style-src 'unsafe-inline'";

/** The list page: newest first, each mail's headers and its HTML in a sandboxed frame. */
export function mailPage(mails: CaughtMail[]): string {
	const cards = [...mails]
		.reverse()
		.map(
			(mail) => `<article id="mail-${mail.seq}" data-seq="${mail.seq}">
<h2>${esc(mail.subject || '(no subject)')}</h2>
<dl><dt>From</dt><dd>${esc(mail.fromHeader || mail.from)}</dd><dt>To</dt><dd>${esc(mail.toHeader || mail.to.join(', '))}</dd>
<dt>Caught</dt><dd>${esc(mail.at.replace('T', ' ').slice(0, 19))} UTC · <a href="/mail/${mail.seq}/raw" target="_blank">as sent</a></dd></dl>
<iframe title="${esc(mail.subject)}" src="/mail/${mail.seq}" sandbox="allow-popups allow-popups-to-escape-sandbox" loading="lazy"></iframe>
</article>`,
		)
		.join('\n');
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Caught mail (${mails.length})</title><link rel="icon" href="data:,">
<style>
	body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2430; background: #f4f6f9; }
	header { padding: 12px 20px; background: #18243a; color: #fff; }
	header h1 { margin: 0; font-size: 17px; font-weight: 600; }
	header p { margin: 2px 0 0; color: #b9c4d6; }
	main { max-width: 1000px; margin: 0 auto; padding: 16px 20px 40px; display: grid; gap: 16px; }
	article { background: #fff; border: 1px solid #d8dde5; border-radius: 8px; padding: 12px 16px; }
	article h2 { margin: 0 0 6px; font-size: 16px; }
	dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 10px; color: #5b6573; }
	dt { font-weight: 600; } dd { margin: 0; }
	iframe { width: 100%; height: 360px; border: 1px solid #d8dde5; border-radius: 6px; background: #fff; }
	.empty { color: #5b6573; font-style: italic; }
</style></head>
<body><header><h1>Caught mail</h1><p>What the examples sent over SMTP, newest first; nothing leaves this machine. Reload for new mail.</p></header>
<main>${cards || '<p class="empty">No mail yet.</p>'}</main></body></html>
`;
}

async function startPage(port: number, mails: CaughtMail[]): Promise<{ url: string; server: Server }> {
	const server = createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const one = /^\/mail\/(\d+)(\/raw)?$/.exec(url.pathname);
		const mail = one ? mails[Number(one[1]) - 1] : undefined;
		if (req.method !== 'GET') res.writeHead(405).end();
		else if (url.pathname === '/') {
			res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
			res.end(mailPage(mails));
		} else if (mail && one?.[2]) {
			res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end(mail.raw);
		} else if (mail) {
			res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': FRAME_POLICY });
			res.end(frameDocument(mail));
		} else res.writeHead(404, { 'Content-Type': 'text/plain' }).end('No such mail.');
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => resolve());
	});
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}
