import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The subscription's messageSignatureKey is kept in the workflow's static data, which every
 * stored execution and every workflow export carries. It is kept sealed: AES-256-GCM under a key
 * derived from the credential's API key, which n8n stores encrypted. Whoever can read executions
 * but not the credential cannot forge deliveries.
 */

const FORMAT = 'v1';
const INFO = 'n8n-nodes-mindbody messageSignatureKey';

function sealingKey(apiKey: string, salt: Buffer): Buffer {
	return Buffer.from(hkdfSync('sha256', apiKey, salt, INFO, 32));
}

export function sealSigningKey(signingKey: string, apiKey: string): string {
	const salt = randomBytes(16);
	const iv = randomBytes(12);
	const cipher = createCipheriv('aes-256-gcm', sealingKey(apiKey, salt), iv);
	const sealed = Buffer.concat([cipher.update(signingKey, 'utf8'), cipher.final()]);
	const parts = [salt, iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64'));
	return [FORMAT, ...parts].join('.');
}

/** The key, or undefined when the text was not sealed with this API key (or was changed). */
export function openSigningKey(sealed: string, apiKey: string): string | undefined {
	const [format, ...parts] = sealed.split('.');
	if (format !== FORMAT || parts.length !== 4) return undefined;
	const [salt, iv, tag, data] = parts.map((part) => Buffer.from(part, 'base64'));
	try {
		const decipher = createDecipheriv('aes-256-gcm', sealingKey(apiKey, salt), iv);
		decipher.setAuthTag(tag);
		return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
	} catch {
		return undefined;
	}
}

/**
 * Opened keys by sealed text, for this process only: a delivery then costs no credential read.
 * Only texts this package sealed open, so the cache cannot be filled from outside.
 */
const opened = new Map<string, string>();
const OPENED_MAX = 1000;

export function cachedSigningKey(sealed: string): string | undefined {
	return opened.get(sealed);
}

export function cacheSigningKey(sealed: string, key: string): void {
	if (opened.size >= OPENED_MAX) opened.clear();
	opened.set(sealed, key);
}
