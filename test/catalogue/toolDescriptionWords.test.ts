import type { INode, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import { operations, resources } from '../../nodes/shared/catalogue';
import {
	TOOL_DESCRIPTION_LIMIT,
	TOOL_WORDS,
	toolDescriptionOf,
	toolDescriptionProperties,
	type OperationKey,
} from '../../nodes/shared/catalogue/toolDescriptions';

const keyOf = (o: { resource: string; operation: string }) => `${o.resource}.${o.operation}` as OperationKey;
const byKey = new Map(operations.map((o) => [keyOf(o), o]));
const describe_ = (key: OperationKey) => toolDescriptionOf(byKey.get(key)!, operations, resources);

/**
 * The node as n8n makes its tool variant (convertNodeToAiTool: the name ends in "Tool"; n8n adds
 * no Description field of its own when the node has one), with the per-operation descriptions.
 */
function toolVariant(): INodeTypeDescription {
	const base = new Mindbody().description;
	const properties = [...base.properties, ...(toolDescriptionProperties(operations, resources) as INodeProperties[])];
	return { ...base, name: `${base.name}Tool`, properties };
}

/** What n8n's agent reads: the parameters filled in as n8n loads a workflow, then the tool's description. */
function descriptionInN8n(description: INodeTypeDescription, parameters: Record<string, unknown>): string {
	const node = { name: 'Mindbody', type: description.name, typeVersion: 1, position: [0, 0], parameters } as INode;
	const filled = NodeHelpers.getNodeParameters(description.properties, node.parameters, true, false, node, description);
	return NodeHelpers.getToolDescriptionForNode({ ...node, parameters: filled! }, { description } as never);
}

describe('tool descriptions an agent can act on (prototype)', () => {
	test('the words name operations of the catalogue, and each ID comes from a read', () => {
		for (const [key, words] of Object.entries(TOOL_WORDS)) {
			expect(byKey.has(key as OperationKey)).toBe(true);
			for (const from of Object.values(words.needs ?? {})) expect(byKey.get(from)?.method).toBe('GET');
		}
	});

	test('every operation has a description within the limit, saying whether it reads, changes or books', () => {
		for (const operation of operations) {
			const text = toolDescriptionOf(operation, operations, resources);
			expect(text.length).toBeLessThanOrEqual(TOOL_DESCRIPTION_LIMIT);
			if (operation.toolWarning) expect(text).toContain(`Caution: ${operation.toolWarning}.`);
			else if (operation.method === 'GET') expect(text).toContain('Only reads.');
		}
		expect(describe_('class.addClient')).toBe(
			'Class → Book Client: Books one client into one class, or onto its waiting list when the class is full. ' +
				'Caution: books the client into a real class. ' +
				'The client ID comes from Client → Get Many; the class ID from Class → Get Many. ' +
				'Answers with the booking (visit) made.',
		);
	});

	test("n8n's agent reads the operation's description from the tool variant, and a person's own text over it", () => {
		const tool = toolVariant();
		expect(descriptionInN8n(tool, { resource: 'class', operation: 'addClient' })).toBe(describe_('class.addClient'));
		expect(descriptionInN8n(tool, { resource: 'client', operation: 'getMany' })).toBe(describe_('client.getMany'));
		expect(descriptionInN8n(tool, { resource: 'class', operation: 'addClient', toolDescription: 'Mine' })).toBe('Mine');
	});

	test('the node itself (not a tool) shows no Description field', () => {
		const tool = toolVariant();
		const plain = { ...tool, name: new Mindbody().description.name };
		const node = { typeVersion: 1 } as INode;
		const filled = NodeHelpers.getNodeParameters(
			plain.properties,
			{ resource: 'class', operation: 'addClient' },
			true,
			false,
			node,
			plain,
		);
		expect(filled).not.toHaveProperty('toolDescription');
	});
});
