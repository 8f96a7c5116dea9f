import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { operations, type ListSource, type Operation } from '../../shared/catalogue';
import { mindbodyRequest, RunSession } from '../../shared/transport';
import { pageOf } from '../actions/paging';

/** Entries one dropdown page asks for; a paged list is read on as the user scrolls. */
const PAGE = 100;
/** Multi-selects cannot page: they show at most this many entries. */
const MULTI_SELECT_MAX = 500;

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** How an entry reads in a dropdown: its name (a person's full name, a class's name and start), then its ID. */
function labelOf(record: IDataObject): string {
	const description = record.ClassDescription as IDataObject | undefined;
	if (description?.Name && record.StartDateTime) {
		return `${text(description.Name)} ${text(record.StartDateTime).replace('T', ' ').slice(0, 16)}`;
	}
	const person = [record.FirstName, record.LastName].filter(Boolean).map(text).join(' ');
	return text(
		record.Name ??
			record.DisplayName ??
			(person || undefined) ??
			record.CategoryName ??
			record.SubCategoryName ??
			record.Code,
	);
}

function toOption(entry: unknown): INodePropertyOptions {
	if (typeof entry !== 'object' || entry === null) return { name: String(entry), value: String(entry) };
	const record = entry as IDataObject;
	if (typeof record.subscriptionId === 'string') {
		const status = record.status ? ` (${String(record.status)})` : '';
		return { name: `${String(record.webhookUrl ?? record.subscriptionId)}${status}`, value: record.subscriptionId };
	}
	const id = record.Id ?? record.id ?? record.ProductId;
	const label = labelOf(record) || text(id);
	return { name: `${label} (${text(id)})`, value: text(id) };
}

/** The entries of one answer: a list, `items`, or the named list of a v6 answer. */
function entriesOf(source: Operation, body: unknown): unknown[] {
	if (source.paging?.list || source.output === 'namedList') {
		const key = source.paging?.list ?? source.outputKey!;
		const list = (body as IDataObject | undefined)?.[key];
		return Array.isArray(list) ? list : [];
	}
	const items = (body as IDataObject | undefined)?.items;
	return Array.isArray(body) ? body : Array.isArray(items) ? items : [];
}

const servers = () => operations.filter((operation) => operation.serves);

/** The node's own value for a query parameter (`request.locationId` → the field `locationId`, in any collection). */
function currentValue(ctx: ILoadOptionsFunctions, wireName: string): string | undefined {
	const name = wireName.replace(/^\w*[rR]equest\./, '');
	for (const path of [name, `additionalFields.${name}`, `filters.${name}`, `bodyFields.${name}`]) {
		let value: unknown;
		try {
			value = ctx.getCurrentNodeParameter(path);
		} catch {
			continue;
		}
		const given = value && typeof value === 'object' && 'value' in value ? (value as { value: unknown }).value : value;
		if (given !== undefined && given !== null && given !== '') return String(given);
	}
	return undefined;
}

/** A dropdown's requests, from one call of its method. */
type DropdownRun = RunSession<ILoadOptionsFunctions>;

/** Values for the serving operation's required parameters: the node's, or the first entry of their list. */
async function neededQuery(run: DropdownRun, list: ListSource): Promise<Array<[string, string]>> {
	const query: Array<[string, string]> = [];
	for (const [wireName, from] of Object.entries(list.needs ?? {})) {
		let value = currentValue(run.ctx, wireName);
		const server = servers().find((operation) => operation.serves === from);
		if (value === undefined && server) value = (await readPage(run, server, from, 0)).options[0]?.value as string;
		if (value !== undefined) query.push([wireName, value]);
	}
	return query;
}

/** One page of a dropdown's entries, and the offset of the next when more remain. */
async function readPage(
	run: DropdownRun,
	source: Operation,
	list: ListSource,
	offset: number,
	filter?: string,
): Promise<{ options: INodePropertyOptions[]; next?: number }> {
	const query: Array<[string, string]> = await neededQuery(run, list);
	if (filter && list.searchParam) query.push([list.searchParam, filter]);
	if (source.paging) query.push([source.paging.limit, String(PAGE)], [source.paging.offset, String(offset)]);
	const { body } = await mindbodyRequest(run, { operation: source, path: source.path, query });
	const entries = entriesOf(source, body);
	const options = entries.map(toOption);
	if (!source.paging) return { options };
	const { total } = pageOf(source, body);
	const read = offset + entries.length;
	const more = entries.length > 0 && (total !== undefined ? read < total : entries.length >= PAGE);
	return { options, ...(more ? { next: read } : {}) };
}

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

function searcher(source: Operation, list: ListSource) {
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const offset = Number(paginationToken ?? 0) || 0;
		const { options, next } = await readPage(new RunSession(this), source, list, offset, filter);
		// Without a search on the service, the entries read are filtered here.
		const needle = list.searchParam ? '' : (filter?.toLowerCase() ?? '');
		const shown = options.filter((option) => !needle || option.name.toLowerCase().includes(needle));
		return {
			results: (source.paging ? shown : shown.sort(byName)).map(({ name, value }) => ({ name, value })),
			...(next !== undefined ? { paginationToken: String(next) } : {}),
		};
	};
}

function loader(source: Operation, list: ListSource) {
	return async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const run = new RunSession(this);
		const options: INodePropertyOptions[] = [];
		for (let offset: number | undefined = 0; offset !== undefined && options.length < MULTI_SELECT_MAX; ) {
			const page: { options: INodePropertyOptions[]; next?: number } = await readPage(run, source, list, offset);
			options.push(...page.options);
			offset = page.next;
		}
		return options.slice(0, MULTI_SELECT_MAX).sort(byName);
	};
}

type ListSearchMethod = (
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) => Promise<INodeListSearchResult>;
type LoadOptionsMethod = (this: ILoadOptionsFunctions) => Promise<INodePropertyOptions[]>;

const listServers = operations.flatMap((operation) =>
	operation.serves ? [{ list: operation.serves, operation }] : [],
);

/** One dropdown method per list, under the name the list gives (fields name it the same way). */
export const listSearch: Record<string, ListSearchMethod> = Object.fromEntries(
	listServers.map(({ list, operation }) => [list.method, searcher(operation, list)]),
);

export const loadOptions: Record<string, LoadOptionsMethod> = Object.fromEntries(
	listServers.map(({ list, operation }) => [list.method, loader(operation, list)]),
);
