import { createHmac, randomBytes } from 'node:crypto';

/** `sha256=` + base64 HMAC-SHA256 of the raw body, keyed by the key's UTF-8 bytes. */
export function signBody(messageSignatureKey: string, rawBody: string): string {
	const digest = createHmac('sha256', Buffer.from(messageSignatureKey, 'utf8'))
		.update(Buffer.from(rawBody, 'utf8'))
		.digest('base64');
	return `sha256=${digest}`;
}

/** 32 random bytes as hex: safe to paste, no `+/=` to mangle. */
export function newSignatureKey(): string {
	return randomBytes(32).toString('hex');
}
