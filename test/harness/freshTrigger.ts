import type { INodeType } from 'n8n-workflow';
import * as workflow from 'n8n-workflow';

/**
 * The Mindbody Trigger as a newly started n8n process loads it: its modules evaluated anew, so
 * nothing they kept in memory survives. n8n-workflow stays the one the engine uses, as in n8n,
 * where every package shares it.
 */
export function freshTriggerModule(): INodeType {
	let Trigger: new () => INodeType = undefined as never;
	jest.isolateModules(() => {
		jest.doMock('n8n-workflow', () => workflow);
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		Trigger = require('../../nodes/MindbodyTrigger/MindbodyTrigger.node').MindbodyTrigger;
	});
	jest.dontMock('n8n-workflow');
	return new Trigger();
}
