import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { pickedLabel, type Operation, type Task, type TaskValue } from '../../shared/catalogue';
import { inputPlaces, taskInputPlace, type InputPlace } from '../bodies/inputPlaces';
import { fieldError, leftBlank, SHOWN_LABELS } from '../fields/fieldValues';

type GetNodeParameter = (name: string, itemIndex: number, fallback?: unknown, options?: object) => unknown;

/**
 * A task's fields as its operation reads them, so the operation's own request builder and body
 * reader serve the task. The task asks for some inputs at the top that the operation reads from a
 * collection (Filters, Additional Fields): reading the collection gives them back in it, a
 * required one left empty being an error naming the field. The values the task sets itself (its
 * fixed values, its switches) are read where the operation reads them. Everything else is the
 * node's own parameter.
 */
export function taskView(ctx: IExecuteFunctions, task: Task, operation: Operation): IExecuteFunctions {
	const places = inputPlaces(operation);
	const placeOf = (input: string) => taskInputPlace(task, places, input);
	// A picker the task puts on a field its operation asks for plainly (Cancel Appointment's
	// appointment) is labelled by what it picks: errors, the operation's readers' too, name it so.
	const shownLabels = new Map<string, string>();
	const asked = [...(task.ask ?? []), ...(task.onTop ?? [])].map((entry) => {
		const place = placeOf(entry.input);
		if (entry.listSource) shownLabels.set(place.label, pickedLabel(place.label));
		return {
			required: entry.required === true,
			place: entry.listSource ? { ...place, label: pickedLabel(place.label) } : place,
			picker: entry.listSource !== undefined,
		};
	});
	const lifted = asked.filter(({ place }) => place.collection !== undefined);
	const pickers = asked.filter(({ place, picker }) => picker && place.collection === undefined);
	const fixed = Object.entries(task.fixed ?? {}).map(([input, value]) => ({ place: placeOf(input), value }));
	const switches = (task.switches ?? []).map((entry) => ({ ...entry, place: placeOf(entry.input) }));
	const collections = new Set(
		[...lifted, ...fixed, ...switches].flatMap(({ place }) => (place.collection ? [place.collection] : [])),
	);
	const read = ctx.getNodeParameter.bind(ctx) as GetNodeParameter;

	/** What the task sets for one item: its fixed values and its switches' choices. */
	const settled = (itemIndex: number): Array<{ place: InputPlace; value: TaskValue }> => [
		...fixed,
		...switches.map((entry) => ({
			place: entry.place,
			value: read(entry.name, itemIndex, false) === true ? entry.on : entry.off,
		})),
	];

	const getNodeParameter: GetNodeParameter = (name, itemIndex, fallback, options) => {
		const set = settled(itemIndex).find(({ place }) => !place.collection && place.name === name);
		if (set) return set.value;
		const picker = pickers.find(({ place }) => place.name === name);
		if (picker) {
			// At the top, so required: left empty, named before the operation's reader names it otherwise.
			const value = read(name, itemIndex, fallback, options);
			if (leftBlank(value)) throw fieldError(ctx, itemIndex, picker.place.label, 'is required');
			return value;
		}
		if (!collections.has(name)) return read(name, itemIndex, fallback, options);
		const merged: IDataObject = { ...(read(name, itemIndex, {}, options) as IDataObject) };
		for (const { required, place } of lifted.filter((entry) => entry.place.collection === name)) {
			const value = read(place.name, itemIndex, undefined, options);
			if (leftBlank(value)) {
				if (required) throw fieldError(ctx, itemIndex, place.label, 'is required');
				continue;
			}
			merged[place.name] = value as IDataObject[string];
		}
		for (const { place, value } of settled(itemIndex)) if (place.collection === name) merged[place.name] = value;
		return merged;
	};

	// The execution context's own methods run on it; only the parameters are read through the task.
	return new Proxy(ctx, {
		get(target, key) {
			if (key === 'getNodeParameter') return getNodeParameter;
			if (key === SHOWN_LABELS) return shownLabels;
			const value: unknown = Reflect.get(target, key);
			return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
		},
	});
}
