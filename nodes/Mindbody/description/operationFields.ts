import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../../shared/catalogue';
import { bodyInput } from '../bodies';
import { showFor } from '../fields/fieldNames';
import { paramProperties } from './paramFields';

function bodyProperties(operation: Operation): INodeProperties[] {
	if (!operation.body) return [];
	const displayOptions = showFor(operation);
	return bodyInput(operation.body)
		.properties(operation)
		.map((property) => ({ ...property, displayOptions }));
}

/** An operation's own fields: its parameters, then its body, shown for its resource and operation. */
export const operationFields = (operation: Operation): INodeProperties[] => [
	...paramProperties(operation),
	...bodyProperties(operation),
];
