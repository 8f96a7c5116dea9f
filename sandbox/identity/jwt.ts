import { createHmac } from 'node:crypto';

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** A JWT signed with HS256: the shape Mindbody's access and identity tokens have, under a sandbox secret. */
export function signJwt(claims: Record<string, unknown>, secret: Buffer): string {
	const head = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
	return `${head}.${base64url(createHmac('sha256', secret).update(head).digest())}`;
}
