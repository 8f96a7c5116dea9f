import type { IDataObject } from 'n8n-workflow';

import { MindbodyTrigger } from '../../nodes/MindbodyTrigger/MindbodyTrigger.node';
import { HarnessNodeTypes, MINDBODY_TRIGGER } from '../harness/nodeTypes';
import { processedDataTable } from '../harness/processedData';
import { newCredentials, runWorkflow } from '../harness/runWorkflow';

/**
 * The trigger's step in the execution a delivery started, run by n8n-core's engine in the modes
 * n8n runs it in. A crash (n8n killed) can stop an execution after this step recorded its
 * messageIds in n8n's processed-data record and before the workflow's later nodes ran; n8n
 * marks it crashed, keeps the events in it, and its Retry runs this step again in mode 'retry'.
 * The e2e suite kills a real n8n (test/e2e/crashRecovery.test.ts); this is the same step alone.
 */

const event = (messageId: string): IDataObject => ({
	messageId,
	eventId: 'client.created',
	eventSchemaVersion: 1,
	eventInstanceOriginationDateTime: '2026-01-01T10:00:00Z',
	eventData: { siteId: -99, clientId: messageId },
});

beforeAll(async () => {
	await processedDataTable();
});

/** One execution of the trigger's step with these events as its input; the messageIds it passes on. */
async function triggerStep(mode: 'webhook' | 'retry', ids: string[]): Promise<string[]> {
	const result = await runWorkflow({
		credentials: newCredentials({ mindbody: { apiKey: 'k', siteId: -99 } }),
		nodeTypes: new HarnessNodeTypes({ [MINDBODY_TRIGGER]: new MindbodyTrigger() }),
		nodes: [
			{ name: 'Mindbody Trigger', type: MINDBODY_TRIGGER, parameters: { events: ['client.created'], options: {} } },
		],
		items: ids.map(event),
		mode,
	});
	expect(result.status).toBe('success');
	return result.json('Mindbody Trigger').map((item) => String(item.messageId));
}

describe('a retried execution runs the events it holds', () => {
	test('events the crashed run had recorded pass on retry, and stay recorded', async () => {
		// The crashed execution's step ran (and recorded both ids); the nodes after it never did.
		expect(await triggerStep('webhook', ['retry-a', 'retry-b'])).toEqual(['retry-a', 'retry-b']);
		// n8n's Retry of it: both events run.
		expect(await triggerStep('retry', ['retry-a', 'retry-b'])).toEqual(['retry-a', 'retry-b']);
		// A redelivery afterwards stops at the trigger: the record holds them.
		expect(await triggerStep('webhook', ['retry-a', 'retry-b'])).toEqual([]);
	});

	test('an event the crashed run had not recorded passes on retry and is recorded by it', async () => {
		expect(await triggerStep('retry', ['retry-c'])).toEqual(['retry-c']);
		expect(await triggerStep('webhook', ['retry-c'])).toEqual([]);
	});

	test('outside a retry, an id the record holds is still dropped', async () => {
		expect(await triggerStep('webhook', ['retry-d'])).toEqual(['retry-d']);
		expect(await triggerStep('webhook', ['retry-d', 'retry-e'])).toEqual(['retry-e']);
	});
});
