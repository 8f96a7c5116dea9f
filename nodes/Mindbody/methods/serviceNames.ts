import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { LISTS, operations, type ListSource } from '../../shared/catalogue';
import { mindbodyRequest, type RunSession } from '../../shared/transport';
import { readPage } from '../../shared/transport/pages';

/** Session types asked for per page: a site has tens, rarely hundreds. */
const PAGE = 200;
/** Pages read at most: past these the appointments left unnamed keep their other words. */
const MOST_PAGES = 5;

const isRecord = (value: unknown): value is IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * An appointment names its session type by ID only, so a picker that labels appointments by the
 * service booked reads the session types once per page of appointments. A failed read leaves the
 * labels without the service: the picker still offers the appointments.
 */
async function sessionTypeNames(run: RunSession<ILoadOptionsFunctions>): Promise<Map<string, string>> {
	const names = new Map<string, string>();
	const source = operations.find((operation) => operation.serves === LISTS.sessionTypes);
	if (!source?.paging) return names;
	const { paging } = source;
	try {
		let offset: number | undefined = 0;
		for (let pages = 0; offset !== undefined && pages < MOST_PAGES; pages++) {
			const page: { entries: unknown[]; next?: number } = await readPage(
				source,
				async (from, size) =>
					(
						await mindbodyRequest(run, {
							operation: source,
							path: source.path,
							query: [
								[paging.limit, String(size)],
								[paging.offset, String(from)],
							],
						})
					).body,
				offset,
				PAGE,
			);
			for (const entry of page.entries.filter(isRecord)) {
				if (typeof entry.Name === 'string' && entry.Name) names.set(String(entry.Id), entry.Name);
			}
			offset = page.next;
		}
	} catch {
		// The appointments are offered without the service's name.
	}
	return names;
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
