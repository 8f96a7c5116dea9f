import type { IDataObject } from 'n8n-workflow';

import type { Operation } from '../../shared/catalogue';

const asObject = (value: unknown): IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value)
		? (value as IDataObject)
		: { value: value as IDataObject[keyof IDataObject] };

const topLevel = (item: IDataObject): IDataObject =>
	Object.fromEntries(Object.entries(item).filter(([, value]) => value === null || typeof value !== 'object'));

/** Turns a response body into the items a user works with. */
export function shapeOutput(operation: Operation, status: number, body: unknown, simplify = false): IDataObject[] {
	let items: IDataObject[];
	switch (operation.output) {
		case 'none':
			items = [{ success: true }];
			break;
		case 'boolean':
			items = [{ success: body === true, result: body as boolean }];
			break;
		case 'itemsList':
			items = (((body as IDataObject)?.items ?? []) as unknown[]).map(asObject);
			break;
		case 'dictionary':
			// Keyed by appointment id: keep the id with its details.
			items = Object.entries((body ?? {}) as IDataObject).map(([appointmentId, details]) =>
				Array.isArray(details)
					? { appointmentId, addOns: details }
					: { appointmentId, ...asObject(details) },
			);
			break;
		default:
			if (status === 204 || body === undefined || body === '') items = [];
			else items = Array.isArray(body) ? body.map(asObject) : [asObject(body)];
	}
	return simplify ? items.map(topLevel) : items;
}
