import type { ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { operations, type ListSource, type Operation } from '../../shared/catalogue';
import { mindbodyRequest, RunSession } from '../../shared/transport';
import { entriesOf, pageQuery, readOn, readPage } from '../../shared/transport/pages';
import { entryOf } from './labels';
import { recordsShown } from './listRecords';
import { withServiceNames } from './serviceNames';
import { windowOf } from './lookAhead';

/** Entries one dropdown page asks for; a paged list is read on as the user scrolls. */
const PAGE = 100;
/** Multi-selects cannot page: they show at most this many entries. */
const MULTI_SELECT_MAX = 500;
/**
 * Pages a search reads on through while none of the entries read shows (the node filters them:
 * text typed in the search box, or records already past), so the editor never stops at an empty
 * page with more to come.
 */
const PAGES_READ_ON = 5;

const servers = () => operations.filter((operation) => operation.serves);

/** The node's own value of a field (a locator's value), at the top or in any collection. */
function fieldValue(ctx: ILoadOptionsFunctions, name: string): string | undefined {
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

/** The node's own value for a query parameter (`request.locationId` → the field `locationId`). */
const currentValue = (ctx: ILoadOptionsFunctions, wireName: string) =>
	fieldValue(ctx, wireName.replace(/^\w*[rR]equest\./, ''));

/**
 * The query parameters a list takes from the node's other fields. One the serving operation needs,
 * left empty, is an error naming the field to fill in first: nothing is read.
 */
function followedQuery(ctx: ILoadOptionsFunctions, source: Operation, list: ListSource): Array<[string, string]> {
	const followed = Object.entries(list.follows ?? {});
	const query: Array<[string, string]> = [];
	for (const [wireName, { field, label, required }] of followed) {
		const value = fieldValue(ctx, field);
		if (value !== undefined) query.push([wireName, value]);
		else if (required || source.params.some((param) => param.name === wireName && param.required)) {
			throw new NodeOperationError(ctx.getNode(), `Fill in ${label} first: this list depends on it`);
		}
	}
	if (list.followsOne && followed.length && !query.length) {
		const labels = followed.map(([, { label }]) => label).join(' or ');
		throw new NodeOperationError(ctx.getNode(), `Fill in ${labels} first: this list depends on one of them`);
	}
	return query;
}

/** A dropdown's requests, from one call of its method. */
type DropdownRun = RunSession<ILoadOptionsFunctions>;

/** Values for the serving operation's required parameters: the node's, or the first entry of their list. */
async function neededQuery(run: DropdownRun, list: ListSource): Promise<Array<[string, string]>> {
	const query: Array<[string, string]> = [];
	for (const [wireName, from] of Object.entries(list.needs ?? {})) {
		let value = currentValue(run.ctx, wireName);
		const server = servers().find((operation) => operation.serves === from);
		if (value === undefined && server)
			value = (await readOptionsPage(run, server, from, 0)).entries[0]?.value as string;
		if (value !== undefined) query.push([wireName, value]);
	}
	return query;
}

/** One page of a dropdown's entries, and the offset of the next when more remain. */
async function readOptionsPage(
	run: DropdownRun,
	source: Operation,
	list: ListSource,
	offset: number,
	filter?: string,
): Promise<{ entries: INodePropertyOptions[]; next?: number }> {
	const query: Array<[string, string]> = [
		...followedQuery(run.ctx, source, list),
		...(await neededQuery(run, list)),
		...Object.entries(list.query ?? {}),
	];
	if (filter && list.searchParam) query.push([list.searchParam, filter]);
	const window = list.lookAhead ? await windowOf(run, list.lookAhead) : undefined;
	if (window) query.push(...window.query);
	const shown = async (entries: unknown[]) => {
		const records = recordsShown(list, entries);
		const ahead = window ? window.ahead(records) : records;
		return (await withServiceNames(run, list, ahead)).map((e) => entryOf(list, e));
	};
	const send = async (extra: Array<[string, string]> = []) =>
		(await mindbodyRequest(run, { operation: source, path: source.path, query: [...query, ...extra] })).body;
	if (!source.paging) return { entries: await shown(entriesOf(source, await send())) };
	const page = await readPage(source, async (from, size) => await send(pageQuery(source, from, size)), offset, PAGE);
	return { entries: await shown(page.entries), ...(page.next !== undefined ? { next: page.next } : {}) };
}

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

/** Every word typed, in any order and case: "tue 18:00" finds "Tue 2 Dec 18:00 · Vinyasa Flow". */
function matcher(filter: string | undefined) {
	const words = (filter ?? '').toLowerCase().split(/\s+/).filter(Boolean);
	return (option: INodePropertyOptions) => words.every((word) => option.name.toLowerCase().includes(word));
}

function searcher(source: Operation, list: ListSource) {
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const run = new RunSession(this);
		// Without a search on the service, the entries read are filtered here.
		const matches = matcher(list.searchParam ? undefined : filter);
		const { found: shown, next: offset } = await readOn(
			Number(paginationToken ?? 0) || 0,
			async (from) => {
				const page = await readOptionsPage(run, source, list, from, filter);
				return { ...page, entries: page.entries.filter(matches) };
			},
			(found) => found.length > 0,
			PAGES_READ_ON,
		);
		// Nothing at all to offer (no search typed): the editor's "No results" would not say why.
		if (list.whenNone && !shown.length && offset === undefined && !filter && !paginationToken) {
			throw new NodeOperationError(this.getNode(), list.whenNone);
		}
		return {
			results: (source.paging ? shown : shown.sort(byName)).map(({ name, value }) => ({ name, value })),
			...(offset !== undefined ? { paginationToken: String(offset) } : {}),
		};
	};
}

function loader(source: Operation, list: ListSource) {
	return async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const run = new RunSession(this);
		const { found: options } = await readOn(
			0,
			async (from) => await readOptionsPage(run, source, list, from),
			(found) => found.length >= MULTI_SELECT_MAX,
		);
		// A list read from now on stays in time order; the others by name.
		const first = options.slice(0, MULTI_SELECT_MAX);
		return list.lookAhead ? first : first.sort(byName);
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
