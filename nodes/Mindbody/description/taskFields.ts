import type { INodeProperties } from 'n8n-workflow';

import { operationOfTask, taskAsOperation, type ListSource, type Task, type TaskInput } from '../../shared/catalogue';
import { listedIdField } from '../bodies/idFields';
import { inputPlaces, taskInputPlace, type InputPlace } from '../bodies/inputPlaces';
import { showFor } from '../fields/fieldNames';
import { operationFields } from './operationFields';

/** What the picker reloads on: the fields its list follows (a locator's value, or the field itself). */
const dependsOn = (list: ListSource) => Object.values(list.follows ?? {}).map(({ field }) => `${field}.value`);

/** A time picked from a list of open slots, or typed: an ID field whose second mode is a time. */
function slotField(base: INodeProperties, list: ListSource): INodeProperties {
	const field = listedIdField(base.displayName, base.name, list, { description: base.description });
	const time = { displayName: 'Time', name: 'time', type: 'string' as const, placeholder: 'e.g. 2026-11-21T10:00:00' };
	return { ...field, modes: [field.modes![0], time] };
}

/** The operation's field of an input, with a picker where the task offers one. */
function pickerOf(base: INodeProperties, list: ListSource): INodeProperties {
	if (base.type === 'dateTime') return slotField(base, list);
	if (base.type === 'multiOptions' || base.typeOptions?.multipleValues) {
		return {
			displayName: base.displayName,
			name: base.name,
			description: base.description,
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: list.method, loadOptionsDependsOn: dependsOn(list) },
			default: [],
		};
	}
	return listedIdField(base.displayName, base.name, list, { description: base.description });
}

/**
 * The operation's own fields with the task's `onTop` inputs taken out of their collections and
 * shown after the first field (Sell: Location after Client).
 */
function withOnTop(
	task: Task,
	own: INodeProperties[],
	displayOptions: INodeProperties['displayOptions'],
	find: (entry: TaskInput) => { place: InputPlace; field: INodeProperties },
): INodeProperties[] {
	const lifted = (task.onTop ?? []).map((entry) => ({ entry, ...find(entry) }));
	const rest = own.map((property) => {
		const out = lifted.filter(({ place }) => place.collection === property.name).map(({ place }) => place.name);
		if (!out.length) return property;
		const options = (property.options as INodeProperties[]).filter((option) => !out.includes(option.name));
		return { ...property, options };
	});
	const onTop = lifted.map(
		({ entry, field }): INodeProperties => ({
			...field,
			...(entry.description ? { description: entry.description } : {}),
			displayOptions,
		}),
	);
	return [rest[0], ...onTop, ...rest.slice(1)];
}

/**
 * The fields of a Front Desk task: the pickers that narrow others, the inputs it asks for in its
 * order (each the operation's own field, under the operation's name, so the operation's request
 * builder and body reader read it), its switches, and the collections of the operation cut to
 * what the task offers besides. A task that asks for nothing in particular shows the operation's
 * fields as the operation does.
 */
export function taskFields(task: Task): INodeProperties[] {
	const shown = taskAsOperation(task);
	const own = operationFields(shown);
	if (!task.ask && !task.onTop) return own;
	const displayOptions = showFor(shown);
	const places = inputPlaces(operationOfTask(task));
	const placeOf = (input: string) => taskInputPlace(task, places, input);
	const collections = own.filter((property) => property.type === 'collection');
	const fieldAt = (place: InputPlace): INodeProperties => {
		const holder = place.collection ? collections.find((c) => c.name === place.collection)?.options : own;
		const found = (holder as INodeProperties[] | undefined)?.find((field) => field.name === place.name);
		if (!found) throw new Error(`The task ${task.operation}: no field ${place.name} for ${task.sends}`);
		return found;
	};
	if (!task.ask) {
		return withOnTop(task, own, displayOptions, (entry) => ({
			place: placeOf(entry.input),
			field: fieldAt(placeOf(entry.input)),
		}));
	}

	const settled = new Set([...Object.keys(task.fixed ?? {}), ...(task.switches ?? []).map((s) => s.input)]);
	const asked = new Set((task.ask ?? []).map((entry) => entry.input));
	for (const [input, place] of places) {
		if (!place.collection && !asked.has(input) && !settled.has(input)) {
			throw new Error(`The task ${task.operation} neither asks for nor sets ${input}, which ${task.sends} needs`);
		}
	}

	const askedField = (entry: TaskInput): INodeProperties => {
		const place = placeOf(entry.input);
		const base = fieldAt(place);
		const field = entry.listSource ? pickerOf(base, entry.listSource) : { ...base };
		const required = entry.required === true || !place.collection;
		return {
			...field,
			...(entry.description ? { description: entry.description } : {}),
			...(required ? { required: true } : {}),
			displayOptions,
		};
	};

	const more = task.more ?? [];
	const offered = (collection: string) =>
		[...places]
			.filter(([input, place]) => place.collection === collection && !asked.has(input) && !settled.has(input))
			.filter(([input]) => more === 'all' || more.includes(input))
			.map(([, place]) => place.name);

	return [
		...(task.narrow ?? []).map((narrower) =>
			listedIdField(narrower.displayName, narrower.name, narrower.listSource, {
				description: narrower.description,
				displayOptions,
			}),
		),
		...(task.ask ?? []).map(askedField),
		...(task.switches ?? []).map(
			(entry): INodeProperties => ({
				displayName: entry.displayName,
				name: entry.name,
				type: 'boolean',
				default: false,
				description: entry.description,
				displayOptions,
			}),
		),
		...collections.flatMap((collection) => {
			const names = offered(collection.name);
			const options = ((collection.options ?? []) as INodeProperties[]).filter((o) => names.includes(o.name));
			return options.length ? [{ ...collection, options }] : [];
		}),
	];
}
