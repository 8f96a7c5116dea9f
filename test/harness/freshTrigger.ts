import type { INodeType } from 'n8n-workflow';
import * as workflow from 'n8n-workflow';

function loadTrigger(n8nWorkflow: typeof workflow): INodeType {
	let Trigger: new () => INodeType = undefined as never;
	jest.isolateModules(() => {
		jest.doMock('n8n-workflow', () => n8nWorkflow);
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		Trigger = require('../../nodes/MindbodyTrigger/MindbodyTrigger.node').MindbodyTrigger;
	});
	jest.dontMock('n8n-workflow');
	return new Trigger();
}

/**
 * The Mindbody Trigger as a newly started n8n process loads it: its modules evaluated anew, so
 * nothing they kept in memory survives. n8n-workflow stays the one the engine uses, as in n8n,
 * where every package shares it.
 */
export function freshTriggerModule(): INodeType {
	return loadTrigger(workflow);
}

/**
 * A fresh trigger whose waits between retries (n8n-workflow's `sleep`, which the transport's
 * backoff calls) end at once and are recorded in `waits`, in ms: a call the service keeps
 * failing then costs no 3.5 s of real time, and a test can say how long n8n would have waited.
 */
export function triggerWithRecordedWaits(waits: number[]): INodeType {
	return loadTrigger({ ...workflow, sleep: async (ms: number) => void waits.push(ms) });
}
