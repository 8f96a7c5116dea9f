import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { operations, type Operation } from '../../shared/catalogue';
import { mindbodyRequest } from '../../shared/transport';

function toOption(entry: unknown): INodePropertyOptions {
	if (typeof entry !== 'object' || entry === null) return { name: String(entry), value: String(entry) };
	const record = entry as IDataObject;
	if (typeof record.subscriptionId === 'string') {
		const status = record.status ? ` (${String(record.status)})` : '';
		return { name: `${String(record.webhookUrl ?? record.subscriptionId)}${status}`, value: record.subscriptionId };
	}
	const id = record.Id ?? record.id;
	const label = record.Name ?? record.CategoryName ?? record.SubCategoryName ?? record.Code ?? id;
	return { name: `${String(label)} (${String(id)})`, value: String(id) };
}

/** A dropdown's values: the answer of the GET that serves its list (no path parameters). */
async function listOptions(ctx: ILoadOptionsFunctions, source: Operation): Promise<INodePropertyOptions[]> {
	const { body } = await mindbodyRequest(ctx, { operation: source, path: source.path });
	const items = (body as IDataObject | undefined)?.items;
	const entries: unknown[] = Array.isArray(body) ? body : Array.isArray(items) ? items : [];
	return entries.map(toOption).sort((a, b) => a.name.localeCompare(b.name));
}

function searcher(source: Operation) {
	return async function (this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
		const options = await listOptions(this, source);
		const needle = filter?.toLowerCase() ?? '';
		return {
			results: options
				.filter((option) => !needle || option.name.toLowerCase().includes(needle))
				.map(({ name, value }) => ({ name, value })),
		};
	};
}

function loader(source: Operation) {
	return async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await listOptions(this, source);
	};
}

type ListSearchMethod = (this: ILoadOptionsFunctions, filter?: string) => Promise<INodeListSearchResult>;
type LoadOptionsMethod = (this: ILoadOptionsFunctions) => Promise<INodePropertyOptions[]>;

const listServers = operations.flatMap((operation) =>
	operation.serves ? [{ method: operation.serves.method, operation }] : [],
);

/** One dropdown method per list, under the name the list gives (fields name it the same way). */
export const listSearch: Record<string, ListSearchMethod> = Object.fromEntries(
	listServers.map(({ method, operation }) => [method, searcher(operation)]),
);

export const loadOptions: Record<string, LoadOptionsMethod> = Object.fromEntries(
	listServers.map(({ method, operation }) => [method, loader(operation)]),
);
