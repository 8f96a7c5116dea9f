import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Delivery signatures (webhooks.md, Authentication 4): `sha256=` + base64 of the HMAC-SHA256 of
 * the raw request body, keyed with the subscription's messageSignatureKey.
 */

/** Header names, lower-cased as n8n hands them over. The spec's first, the live service's second. */
export const SIGNATURE_HEADERS = ['x-service-signature', 'x-mindbody-signature'] as const;

const PREFIX = 'sha256=';

export function signatureOf(rawBody: Buffer | string, key: string): string {
	return PREFIX + createHmac('sha256', key).update(rawBody).digest('base64');
}

/**
 * Whether `header` is the signature of `rawBody` under `key`. Fails closed: no key, no header
 * or an empty body are never valid. The comparison takes the same time wherever the values
 * differ, so the expected signature cannot be guessed byte by byte.
 */
export function verifySignature(
	rawBody: Buffer | string | undefined,
	header: string | string[] | undefined,
	key: string | undefined,
): boolean {
	if (!key || rawBody === undefined || rawBody.length === 0) return false;
	if (typeof header !== 'string' || !header.startsWith(PREFIX)) return false;
	const expected = Buffer.from(signatureOf(rawBody, key), 'utf8');
	const given = Buffer.from(header.trim(), 'utf8');
	// timingSafeEqual throws on unequal lengths; a SHA-256 signature's length is public anyway.
	return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether any signature header the request carries is valid. */
export function verifyRequestSignature(
	rawBody: Buffer | undefined,
	headers: Record<string, string | string[] | undefined>,
	key: string | undefined,
): boolean {
	return SIGNATURE_HEADERS.some((name) => headers[name] !== undefined && verifySignature(rawBody, headers[name], key));
}
