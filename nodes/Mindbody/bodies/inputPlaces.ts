import type { Operation, Task } from '../../shared/catalogue';
import { fieldName, optionalCollection, paramLabel, userParams } from '../fields/fieldNames';
import { bodyPlanOf, type PlannedField } from './bodyPlan';

/** Where the node asks for one input of an operation, as its request builder and body reader read it. */
export interface InputPlace {
	/** The node's field. */
	name: string;
	/** The collection holding the field (Filters, Additional Fields, …); none for a field at the top. */
	collection?: string;
	/** The field's label, as the node's errors name it. */
	label: string;
	/** A date and time: left empty, it cannot be told from a date the picker could not read. */
	dateTime: boolean;
}

const places = new WeakMap<Operation, ReadonlyMap<string, InputPlace>>();

const plannedPlace = (planned: PlannedField, collection?: string): InputPlace => ({
	name: planned.param,
	...(collection ? { collection } : {}),
	label: planned.label,
	dateTime: planned.kind === 'scalar' && planned.type === 'dateTime',
});

/**
 * Every input of an operation by its catalogue name: a parameter by its wire name, a body field
 * of the v6 document by the document's name, a field of a record shown as the node's own by record
 * and field (`Client.Email`). A listed body's fields have no places: its reader is its own.
 */
export function inputPlaces(operation: Operation): ReadonlyMap<string, InputPlace> {
	const cached = places.get(operation);
	if (cached) return cached;
	const found = new Map<string, InputPlace>();
	const optional = optionalCollection(operation).name;
	for (const param of userParams(operation)) {
		found.set(param.name, {
			name: fieldName(param, operation),
			...(param.required ? {} : { collection: optional }),
			label: paramLabel(param),
			dateTime: param.type === 'dateTime',
		});
	}
	if (operation.body?.shape) {
		const plan = bodyPlanOf(operation);
		for (const planned of plan.required) found.set(planned.field, plannedPlace(planned));
		for (const planned of plan.optional) found.set(planned.field, plannedPlace(planned, plan.collection.name));
		const flat = plan.flattened;
		if (flat) {
			for (const planned of flat.required) found.set(`${flat.field}.${planned.field}`, plannedPlace(planned));
			for (const planned of flat.optional) {
				found.set(`${flat.field}.${planned.field}`, plannedPlace(planned, flat.collection.name));
			}
		}
	}
	places.set(operation, found);
	return found;
}

/** Where a task's input is asked for; an input its operation does not take is a catalogue error. */
export function taskInputPlace(task: Task, places: ReadonlyMap<string, InputPlace>, input: string): InputPlace {
	const place = places.get(input);
	if (!place) throw new Error(`The task ${task.operation} names ${input}, which ${task.sends} does not take`);
	return place;
}
