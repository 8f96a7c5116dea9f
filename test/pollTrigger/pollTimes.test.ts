import { DirectoryLoader } from 'n8n-core';
import type { INodeProperties, INodeType } from 'n8n-workflow';

import { MindbodyPollTrigger } from '../../nodes/MindbodyPollTrigger/MindbodyPollTrigger.node';

/**
 * What n8n does to a polling node as it loads it (n8n-core's DirectoryLoader puts its Poll Times,
 * every minute by default, in front of the node's fields), run on the poll trigger.
 */
function loadedByN8n(): INodeType {
	const node = new MindbodyPollTrigger();
	(
		DirectoryLoader.prototype as unknown as { applySpecialNodeParameters(node: INodeType): void }
	).applySpecialNodeParameters.call({}, node);
	return node;
}

describe('Mindbody Poll Trigger: Poll Times', () => {
	test('as n8n loads it, the node has one Poll Times, every 15 minutes by default', () => {
		const properties = loadedByN8n().description.properties;
		const pollTimes = properties.filter((property: INodeProperties) => property.name === 'pollTimes');
		expect(pollTimes).toHaveLength(1);
		expect(pollTimes[0].default).toEqual({ item: [{ mode: 'everyX', value: 15, unit: 'minutes' }] });
		expect(properties[0].name).toBe('pollTimes');
	});

	test("its choices are n8n's own, and the node says what an interval costs a day", () => {
		const properties = loadedByN8n().description.properties;
		const pollTimes = properties.find((property) => property.name === 'pollTimes')!;
		const mode = (pollTimes.options as Array<{ values: INodeProperties[] }>)[0].values.find((v) => v.name === 'mode')!;
		expect((mode.options as Array<{ value: string }>).map((option) => option.value)).toEqual(
			expect.arrayContaining(['everyMinute', 'everyX', 'custom']),
		);
		const notice = properties.find((property) => property.type === 'notice' && /a day/.test(property.displayName));
		expect(notice?.displayName).toMatch(/15 minutes is 96 a day/);
	});
});
