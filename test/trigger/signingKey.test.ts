import { openSigningKey, sealSigningKey } from '../../nodes/MindbodyTrigger/signingKey';

describe('the sealed signing key', () => {
	const key = 'f00dfeedcafe0123456789abcdef0123456789abcdef0123456789abcdef0123';

	test('opens with the API key it was sealed with, and its text is not in the sealed form', () => {
		const sealed = sealSigningKey(key, 'api-key-1');
		expect(sealed).not.toContain(key);
		expect(sealed).not.toContain(Buffer.from(key).toString('base64'));
		expect(openSigningKey(sealed, 'api-key-1')).toBe(key);
	});

	test('each sealing differs (random salt and IV)', () => {
		expect(sealSigningKey(key, 'api-key-1')).not.toBe(sealSigningKey(key, 'api-key-1'));
	});

	test('another API key, a changed text or another format do not open', () => {
		const sealed = sealSigningKey(key, 'api-key-1');
		expect(openSigningKey(sealed, 'api-key-2')).toBeUndefined();
		const parts = sealed.split('.');
		parts[4] = Buffer.from('x'.repeat(64)).toString('base64');
		expect(openSigningKey(parts.join('.'), 'api-key-1')).toBeUndefined();
		expect(openSigningKey(key, 'api-key-1')).toBeUndefined();
		expect(openSigningKey('v1.a.b', 'api-key-1')).toBeUndefined();
	});
});
