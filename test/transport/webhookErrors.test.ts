import { WEBHOOK_ERRORS } from '../../nodes/shared/transport';
import { webhookErrorHint } from '../../nodes/shared/transport/webhookErrors';
import { webhookErrors as serviceTable } from '../../sandbox/webhooks/errors';

describe('the webhook error codes the nodes know', () => {
	const known = Object.values(WEBHOOK_ERRORS);

	test('are each once in the table, and each a code of the service (the Errors table the sandbox holds)', () => {
		const codes = known.map((error) => error.code);
		expect(new Set(codes).size).toBe(codes.length);
		const serviceCodes = new Set(Object.values(serviceTable).map((kind) => kind.errorCode));
		for (const code of codes) expect([code, serviceCodes.has(code)]).toEqual([code, true]);
	});

	test('give their hint by the code the service sends, and nothing for other codes', () => {
		expect(webhookErrorHint('14000013')).toMatch(/HTTPS/);
		expect(webhookErrorHint(WEBHOOK_ERRORS.subscriptionNotFound.code)).toBe('No subscription has this ID.');
		expect(webhookErrorHint(WEBHOOK_ERRORS.statusNotValid.code)).toBeUndefined();
		expect(webhookErrorHint('14000099')).toBeUndefined();
		expect(webhookErrorHint(undefined)).toBeUndefined();
	});
});
