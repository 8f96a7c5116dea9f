import type { INodeProperties } from 'n8n-workflow';

import type { Operation, OperationParam } from '../../shared/catalogue';
import { listedIdField } from '../bodies/idFields';
import { fieldName, optionalCollection, paramLabel, showFor, userParams } from '../fields/fieldNames';

const typeHint = (param: OperationParam) => {
	if (param.array === 'comma') return ' (sent comma-delimited)';
	// A multi-select says how to give several values itself.
	if (param.array && param.options) return '';
	if (param.array) {
		return param.id || param.listSource
			? ' (one ID per entry, or several separated by commas)'
			: ' (one value per entry, or several separated by commas)';
	}
	return '';
};

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function describe(param: OperationParam): string | undefined {
	const parts = [
		param.description,
		param.serverDefault !== undefined ? `Default: ${String(param.serverDefault)}` : undefined,
	];
	const text = parts.filter(Boolean).join('. ');
	const hint = typeHint(param);
	if (text) return `${text}${hint}`;
	return hint ? sentence(hint.trim().replace(/^\((.*)\)$/, '$1')) : undefined;
}

const idPlaceholder = (param: OperationParam) =>
	`e.g. ${param.example ?? (param.type === 'string' ? '3fa85f64-5717-4562-b3fc-2c963f66afa6' : '12345')}`;

/** The field for one API parameter, by its wire type. */
export function paramField(param: OperationParam, operation: Operation): INodeProperties {
	const base = {
		displayName: paramLabel(param),
		name: fieldName(param, operation),
		description: describe(param),
	};
	if (param.array) {
		if (param.listSource) {
			return {
				...base,
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: param.listSource.method },
				default: [],
			};
		}
		if (param.options) {
			return {
				...base,
				type: 'multiOptions',
				options: param.options.map((value) => ({ name: value, value })),
				default: [],
			};
		}
		return {
			...base,
			type: 'string',
			typeOptions: { multipleValues: true, multipleValueButtonText: 'Add ID' },
			default: [],
		};
	}
	if (param.listSource) {
		const { displayName, name, description } = base;
		return listedIdField(displayName, name, param.listSource, { description }, idPlaceholder(param));
	}
	if (param.options) {
		return {
			...base,
			type: 'options',
			options: param.options.map((value) => ({ name: value, value })),
			default: param.options[0],
		};
	}
	// No operation lists these records: a text field with an example, not a number that starts at 0.
	if (param.id) return { ...base, type: 'string', default: '', placeholder: idPlaceholder(param) };
	switch (param.type) {
		case 'boolean':
			return { ...base, type: 'boolean', default: false };
		case 'dateTime':
			return { ...base, type: 'dateTime', default: '' };
		case 'int32':
		case 'int64':
		case 'double':
			return { ...base, type: 'number', default: 0 };
		default:
			return { ...base, type: 'string', default: '' };
	}
}

/** Required parameters as top-level fields; optional ones in Filters / Additional Fields. */
export function paramProperties(operation: Operation): INodeProperties[] {
	const params = userParams(operation);
	const required = params.filter((param) => param.required);
	const optional = params.filter((param) => !param.required);
	const displayOptions = showFor(operation);
	const properties: INodeProperties[] = required.map((param) => ({
		...paramField(param, operation),
		required: true,
		displayOptions,
	}));
	if (optional.length) {
		const collection = optionalCollection(operation);
		properties.push({
			...collection,
			type: 'collection',
			placeholder: collection.name === 'filters' ? 'Add Filter' : 'Add Field',
			default: {},
			displayOptions,
			options: optional
				.map((param) => paramField(param, operation))
				.sort((a, b) => a.displayName.localeCompare(b.displayName)),
		});
	}
	return properties;
}
