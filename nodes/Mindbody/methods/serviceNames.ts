import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { LISTS, operations, type ListSource, type Operation } from '../../shared/catalogue';
import { mindbodyRequest, type RunSession } from '../../shared/transport';
import { pageQuery, readOn, readPage, type PageRequest } from '../../shared/transport/pages';
import { keptForPickers } from '../actions/keptForPickers';

/** Session types asked for per page: a site has tens, rarely hundreds. */
const PAGE = 200;
/** Pages read at most: past these the appointments left unnamed keep their other words. */
const MOST_PAGES = 5;

const isRecord = (value: unknown): value is IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

/** Every session type's name by its ID, read page by page with the one page reader (`readOn`). */
async function readSessionTypeNames(
	run: RunSession<ILoadOptionsFunctions>,
	source: Operation,
): Promise<Map<string, string>> {
	const request: PageRequest = async (from, size) =>
		(await mindbodyRequest(run, { operation: source, path: source.path, query: pageQuery(source, from, size) })).body;
	const { found } = await readOn(
		0,
		async (offset) => await readPage(source, request, offset, PAGE),
		() => false,
		MOST_PAGES,
	);
	const names = new Map<string, string>();
	for (const entry of found.filter(isRecord)) {
		if (typeof entry.Name === 'string' && entry.Name) names.set(String(entry.Id), entry.Name);
	}
	return names;
}

/**
 * An appointment names its session type by ID only, so a picker that labels appointments by the
 * service booked reads the session types beside its list, kept like the site's zone
 * (`keptForPickers`): a picker opened again costs its list's call only. A failed read leaves the
 * labels without the service: the picker still offers the appointments.
 */
async function sessionTypeNames(run: RunSession<ILoadOptionsFunctions>): Promise<Map<string, string>> {
	const source = operations.find((operation) => operation.serves === LISTS.sessionTypes);
	if (!source?.paging) return new Map();
	try {
		return await keptForPickers(run, 'session types', async () => await readSessionTypeNames(run, source));
	} catch {
		// The appointments are offered without the service's name.
		return new Map();
	}
}

/** The records of a list with what their labels need read beside them: appointments get their service. */
export async function withServiceNames(
	run: RunSession<ILoadOptionsFunctions>,
	list: ListSource,
	records: unknown[],
): Promise<unknown[]> {
	if (list !== LISTS.appointments || !records.some(isRecord)) return records;
	const names = await sessionTypeNames(run);
	return records.map((record) => {
		if (!isRecord(record) || isRecord(record.SessionType)) return record;
		const name = names.get(String(record.SessionTypeId));
		return name ? { ...record, SessionType: { Id: record.SessionTypeId, Name: name } } : record;
	});
}
