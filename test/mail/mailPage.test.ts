import { connect } from 'node:net';

import { startMailCatcher, type MailCatcher } from '../../scripts/mailCatcher';

/** Sends one message over plain SMTP, line by line, each command after the server's answer. */
async function sendRaw(port: number, from: string, to: string, message: string): Promise<void> {
	const socket = connect(port, '127.0.0.1');
	socket.setEncoding('latin1');
	let buffered = '';
	const next = () =>
		new Promise<string>((resolve, reject) => {
			const check = () => {
				const end = buffered.search(/^\d{3} .*\r\n/m);
				if (end < 0) return;
				const line = /^\d{3} .*\r\n/m.exec(buffered)!;
				buffered = buffered.slice(line.index + line[0].length);
				socket.off('data', onData);
				resolve(line[0]);
			};
			const onData = (chunk: string) => {
				buffered += chunk;
				check();
			};
			socket.on('data', onData);
			socket.once('error', reject);
			check();
		});
	const say = async (line: string, expected: string) => {
		socket.write(`${line}\r\n`, 'latin1');
		expect(await next()).toMatch(new RegExp(`^${expected}`));
	};
	expect(await next()).toMatch(/^220/);
	await say('EHLO test', '250');
	await say(`MAIL FROM:<${from}>`, '250');
	await say(`RCPT TO:<${to}>`, '250');
	await say('DATA', '354');
	await say(`${message.replace(/\n/g, '\r\n')}\r\n.`, '250');
	socket.end('QUIT\r\n');
}

/** A message as nodemailer writes one: encoded words in the headers, HTML and text, quoted-printable. */
const MULTIPART = `From: =?UTF-8?Q?Studio_R=C3=A9ception?= <desk@studio.example>
To: Zoë <zoe@clients.example>
Subject: =?UTF-8?Q?Your_class_on_Tuesday_=E2=80=93_see_?= =?UTF-8?B?eW91IHRoZXJlLCBab8Orxb8=?=
MIME-Version: 1.0
Content-Type: multipart/alternative; boundary="--b1"

----b1
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: quoted-printable

Hi Zo=C3=AB, approve: https://n8n.example/webhook-waiting/1?a=3Dyes
----b1
Content-Type: text/html; charset=utf-8
Content-Transfer-Encoding: quoted-printable

<p>Hi Zo=C3=AB,</p><p><a href=3D"https://n8n.example/webhook-waiting/1?a=3Dyes">Approve</a></p><script>parent.x=
=3D1</script>
----b1--
`;

const TEXT_ONLY = `From: desk@studio.example
To: ada@clients.example
Subject: Welcome, Ada
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: 7bit

Hi Ada, book at https://studio.example/book?x=1&y=<2>
`;

describe('the mail catcher page', () => {
	let catcher: MailCatcher;

	beforeAll(async () => {
		catcher = await startMailCatcher({ httpPort: 0 });
		await sendRaw(catcher.port, 'desk@studio.example', 'zoe@clients.example', MULTIPART);
		await sendRaw(catcher.port, 'desk@studio.example', 'ada@clients.example', TEXT_ONLY);
		await catcher.waitFor((mail) => mail.to.includes('ada@clients.example'));
	});

	afterAll(() => catcher?.stop());

	it("keeps each mail's headers decoded and its text and HTML bodies apart", () => {
		const [zoe, ada] = catcher.mails;
		expect(zoe.subject).toBe('Your class on Tuesday – see you there, Zoëſ');
		expect(zoe.fromHeader).toBe('Studio Réception <desk@studio.example>');
		expect(zoe.text).toBe('Hi Zoë, approve: https://n8n.example/webhook-waiting/1?a=yes\n');
		expect(zoe.html).toContain('<a href="https://n8n.example/webhook-waiting/1?a=yes">Approve</a>');
		expect(ada.html).toBeUndefined();
		expect(ada.text.trimEnd()).toBe('Hi Ada, book at https://studio.example/book?x=1&y=<2>');
	});

	it('lists the mails newest first, each in a frame that runs no script and opens links in a new tab', async () => {
		const res = await fetch(catcher.pageUrl!);
		expect(res.status).toBe(200);
		const page = await res.text();
		const seqs = [...page.matchAll(/<article id="mail-(\d+)"/g)].map(([, seq]) => Number(seq));
		expect(seqs).toEqual([2, 1]);
		expect(page).toContain('<h2>Your class on Tuesday – see you there, Zoëſ</h2>');
		expect(page).toContain('Studio Réception &lt;desk@studio.example&gt;');
		const frames = [...page.matchAll(/<iframe [^>]*sandbox="([^"]*)"/g)].map(([, allowed]) => allowed);
		expect(frames).toHaveLength(2);
		for (const allowed of frames) expect(allowed.split(' ')).not.toContain('allow-scripts');

		const html = await fetch(new URL('/mail/1', catcher.pageUrl));
		expect(html.headers.get('content-security-policy')).toMatch(/^sandbox allow-popups /);
		const frame = await html.text();
		expect(frame).toContain('<base target="_blank">');
		expect(frame).toContain('<a href="https://n8n.example/webhook-waiting/1?a=yes">Approve</a>');
	});

	it("shows a text mail's addresses as links, its text escaped", async () => {
		const frame = await (await fetch(new URL('/mail/2', catcher.pageUrl))).text();
		expect(frame).toContain(
			'<a href="https://studio.example/book?x=1&amp;y=">https://studio.example/book?x=1&amp;y=</a>',
		);
		expect(frame).toContain('&lt;2&gt;');
		expect(frame).not.toContain('<2>');
		expect((await fetch(new URL('/mail/3', catcher.pageUrl))).status).toBe(404);
	});
});
