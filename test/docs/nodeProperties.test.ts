import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeParameters, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import {
	PROPERTIES_FILE,
	TOOL_DESCRIPTIONS_FILE,
	propertiesJson,
	toolDescriptionsJson,
} from '../../scripts/nodeProperties';
import { nodeProperties } from '../../nodes/Mindbody/description';

const stored = (file: string) => readFileSync(join(__dirname, '../..', file), 'utf8');

test("the node's stored fields are the catalogue's (npm run node:properties)", () => {
	expect(stored(PROPERTIES_FILE)).toBe(propertiesJson());
});

test("the stored tool descriptions are the catalogue's (npm run node:properties)", () => {
	expect(stored(TOOL_DESCRIPTIONS_FILE)).toBe(toolDescriptionsJson());
});

/** What n8n shows for an operation, in order, each field without the operations it shows for. */
function shownFor(properties: INodeProperties[], parameters: INodeParameters): string[] {
	return properties
		.filter((property) => NodeHelpers.displayParameter(parameters, property, null, null))
		.map((property) =>
			JSON.stringify({
				...property,
				displayOptions: { show: { ...property.displayOptions?.show, resource: undefined, operation: undefined } },
			}),
		);
}

test('each operation is shown the same fields, in the same order, from the stored fields as from the catalogue', () => {
	const file = JSON.parse(stored(PROPERTIES_FILE)) as INodeProperties[];
	const operationFields = nodeProperties.filter((property) => property.name === 'operation');
	const cases = operationFields.flatMap((field) =>
		(field.options as INodePropertyOptions[]).flatMap((option) =>
			[true, false].map((returnAll) => ({
				resource: field.displayOptions!.show!.resource![0] as string,
				operation: option.value as string,
				returnAll,
			})),
		),
	);
	expect(cases.length).toBeGreaterThan(400);
	const differing = cases.filter(
		(parameters) => JSON.stringify(shownFor(file, parameters)) !== JSON.stringify(shownFor(nodeProperties, parameters)),
	);
	expect(differing).toEqual([]);
	// Storing alike fields once is what keeps the stored fields small: far fewer than the catalogue builds.
	expect(file.length).toBeLessThan(nodeProperties.length * 0.8);
});
