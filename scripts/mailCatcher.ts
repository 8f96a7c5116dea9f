/**
 * A mail server on 127.0.0.1 that keeps what it is sent instead of delivering it: the SMTP
 * credential of examples/05 points at it under `npm start` and in the end-to-end suite, so the
 * welcome email is really sent over SMTP and can be read back. No TLS, no login: loopback only.
 *
 *   const catcher = await startMailCatcher({ onMail: (mail) => console.log(mail.subject) });
 *   … SMTP credential: host 127.0.0.1, port catcher.port, SSL/TLS off, STARTTLS off …
 *   await catcher.stop();
 */
import type { AddressInfo } from 'net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
	from: string;
	to: string[];
	subject: string;
	/** The text body, its transfer encoding undone. */
	text: string;
	/** The message as sent. */
	raw: string;
}

export interface MailCatcher {
	port: number;
	mails: CaughtMail[];
	/** Resolves with the first caught mail (or the next one) that `match` accepts; bounded. */
	waitFor(match: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
	stop(): Promise<void>;
}

export async function startMailCatcher(opts: { port?: number; onMail?: (mail: CaughtMail) => void } = {}) {
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
				const mail = parseMail(Buffer.concat(chunks).toString('utf8'), session.envelope);
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

	const catcher: MailCatcher = {
		port,
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
		stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
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

/** Headers unfolded, the text part's transfer encoding undone: enough for the mails n8n sends. */
function parseMail(raw: string, envelope: Envelope): CaughtMail {
	const split = raw.search(/\r?\n\r?\n/);
	const head = split < 0 ? raw : raw.slice(0, split);
	const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
	const headers = new Map<string, string>();
	for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
		const colon = line.indexOf(':');
		if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
	}
	const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
	const text =
		encoding === 'quoted-printable'
			? Buffer.from(
					body
						.replace(/=\r?\n/g, '')
						.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
					'latin1',
				).toString('utf8')
			: encoding === 'base64'
				? Buffer.from(body, 'base64').toString('utf8')
				: body;
	return {
		from: envelope.mailFrom ? envelope.mailFrom.address : '',
		to: envelope.rcptTo.map((r) => r.address),
		subject: headers.get('subject') ?? '',
		text: text.replace(/\r\n/g, '\n'),
		raw,
	};
}
