import { startTrigger, type TriggerFixture } from './fixture';

/** Webhook-service errors reach the user with their code, and with what to do where it helps. */

const PARAMS = { events: ['client.created'] };
let t: TriggerFixture;

afterEach(async () => {
	await t?.stop();
});

test('14000013: a non-HTTPS URL fails activation with what to do about it', async () => {
	t = await startTrigger(PARAMS, { allowLoopbackHttp: false });
	const failure = t.harness.activate();
	await expect(failure).rejects.toThrow(/^The webhook service accepts only HTTPS webhook URLs\. Serve n8n over HTTPS/);
	await expect(failure).rejects.toThrow(/WEBHOOK_URL/);
	await expect(failure).rejects.toMatchObject({ context: { data: { status: 400, errorCode: '14000013' } } });
	expect(await t.subscriptions()).toHaveLength(0);
	expect(t.harness.isActive).toBe(false);
});

test('with the loopback-http option a local n8n activates: the node does not second-guess the service', async () => {
	t = await startTrigger(PARAMS, { allowLoopbackHttp: true });
	await t.harness.activate();
	expect(t.webhookUrl.startsWith('http://127.0.0.1:')).toBe(true);
	expect(await t.active()).toHaveLength(1);
});

test('14000014: a URL that does not answer the check fails activation with what to do', async () => {
	t = await startTrigger(PARAMS);
	t.harness.publicUrl = 'http://127.0.0.1:9'; // nothing listens there
	const failure = t.harness.activate();
	await expect(failure).rejects.toThrow(/could not reach the webhook URL.*WEBHOOK_URL/);
	await expect(failure).rejects.toMatchObject({ context: { data: { errorCode: '14000014' } } });
	expect(await t.subscriptions()).toHaveLength(0);
});

test('14030002: an account without live access is named with code and hint', async () => {
	t = await startTrigger(PARAMS);
	const stored = t.harness.credentials.get('mindbody')!;
	t.harness.credentials.set('mindbody', { ...stored, apiKey: t.sandbox.apiKeys.noLiveAccess });
	const failure = t.harness.activate();
	await expect(failure).rejects.toThrow(/14030002/);
	await expect(failure).rejects.toMatchObject({
		description: expect.stringContaining('live access'),
		context: { data: { status: 403, errorCode: '14030002' } },
	});
});

test('a 5xx from the service surfaces as an error, and a restart then recovers', async () => {
	t = await startTrigger(PARAMS);
	const waits = t.recordRetryWaits();
	await t.harness.activate();
	t.sandbox.faults.add({
		kind: 'serverError',
		service: 'webhooks',
		method: 'GET',
		path: '/subscriptions/*',
		times: 'always',
	});
	await expect(t.harness.restart()).rejects.toMatchObject({ httpCode: '500' });
	t.sandbox.faults.clear();
	await t.harness.restart();
	expect(await t.active()).toHaveLength(1);
	// The restart's GET was tried four times with the transport's backoff before the error.
	expect(waits).toEqual([500, 1000, 2000]);
});
