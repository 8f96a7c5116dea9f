import { execFileSync } from 'node:child_process';

import { signatureOf, verifyRequestSignature, verifySignature } from '../../nodes/MindbodyTrigger/signature';

/** The reference: `openssl dgst -sha256 -hmac KEY -binary | base64`, over the exact bytes. */
function opensslSignature(body: Buffer, key: string): string {
	const digest = execFileSync('openssl', ['dgst', '-sha256', '-hmac', key, '-binary'], { input: body });
	return `sha256=${digest.toString('base64')}`;
}

const KEY = '5f0c1e0bb2b94b5c8c1f7bb1a4cfa0f3d7e6a1b2c3d4e5f60718293a4b5c6d7e';
const bodies = [
	'{"messageId":"m-1","eventId":"client.created","eventSchemaVersion":1,"eventData":{"siteId":-99}}',
	'{"name":"Zoë Ågren — ☀","notes":"line\\nbreak"}',
	' {"spaced": true} \n',
];

describe('verifySignature', () => {
	test.each(bodies)('matches openssl for %j', (text) => {
		const body = Buffer.from(text, 'utf8');
		const reference = opensslSignature(body, KEY);
		expect(signatureOf(body, KEY)).toBe(reference);
		expect(verifySignature(body, reference, KEY)).toBe(true);
	});

	test('rejects a tampered body, a wrong key and a wrong prefix', () => {
		const body = Buffer.from(bodies[0], 'utf8');
		const header = opensslSignature(body, KEY);
		expect(verifySignature(Buffer.from(bodies[0].replace('-99', '-98')), header, KEY)).toBe(false);
		expect(verifySignature(body, opensslSignature(body, 'another-key'), KEY)).toBe(false);
		expect(verifySignature(body, header.replace('sha256=', 'sha1='), KEY)).toBe(false);
		expect(verifySignature(body, header.replace('sha256=', ''), KEY)).toBe(false);
		expect(verifySignature(body, `${header}x`, KEY)).toBe(false);
	});

	test('fails closed without a key, header or body', () => {
		const body = Buffer.from(bodies[0], 'utf8');
		const header = opensslSignature(body, KEY);
		expect(verifySignature(body, header, undefined)).toBe(false);
		expect(verifySignature(body, header, '')).toBe(false);
		expect(verifySignature(body, undefined, KEY)).toBe(false);
		expect(verifySignature(body, [header], KEY)).toBe(false);
		expect(verifySignature(Buffer.alloc(0), opensslSignature(Buffer.alloc(0), KEY), KEY)).toBe(false);
	});

	test('accepts either header name, lower-cased as n8n passes headers', () => {
		const body = Buffer.from(bodies[1], 'utf8');
		const header = opensslSignature(body, KEY);
		expect(verifyRequestSignature(body, { 'x-service-signature': header }, KEY)).toBe(true);
		expect(verifyRequestSignature(body, { 'x-mindbody-signature': header }, KEY)).toBe(true);
		expect(verifyRequestSignature(body, { 'x-other-signature': header }, KEY)).toBe(false);
		expect(verifyRequestSignature(body, {}, KEY)).toBe(false);
	});
});
