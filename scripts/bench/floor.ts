/**
 * The floor for paging: what any client must do to read a whole list, with nothing but Node's
 * fetch and JSON.parse: one GET per page of 100, until a short page.
 */
import type { SandboxInfo } from './sandbox';

export const PAGE_SIZE = 100;

async function fetchAll(
	url: (offset: number) => string,
	headers: Record<string, string>,
	rowsOf: (body: unknown) => unknown[],
): Promise<{ items: number; pages: number }> {
	let items = 0;
	let pages = 0;
	for (let offset = 0; ; offset += PAGE_SIZE) {
		const res = await fetch(url(offset), { headers: { ...headers, Accept: 'application/json' } });
		if (!res.ok) throw new Error(`floor: GET ${url(offset)} answered ${res.status}`);
		const rows = rowsOf(await res.json());
		pages++;
		items += rows.length;
		if (rows.length < PAGE_SIZE) return { items, pages };
	}
}

const keyHeaders = (sandbox: SandboxInfo) => ({ 'API-Key': sandbox.apiKey, SiteId: String(sandbox.siteId) });

/** Every sales detail (pages are bare arrays). */
export const fetchAllSalesDetails = (sandbox: SandboxInfo) =>
	fetchAll(
		(offset) =>
			`${sandbox.restBaseUrl}/Business/Sales/SalesDetails?request.limit=${PAGE_SIZE}&request.offset=${offset}`,
		keyHeaders(sandbox),
		(body) => body as unknown[],
	);

/** Every client, inactive ones too (a v6 list: pages hold `Clients`), with a staff token. */
export const fetchAllClients = (sandbox: SandboxInfo, token: string) =>
	fetchAll(
		(offset) =>
			`${sandbox.restBaseUrl}/client/clients?request.limit=${PAGE_SIZE}&request.offset=${offset}&request.includeInactive=true`,
		{ ...keyHeaders(sandbox), Authorization: `Bearer ${token}` },
		(body) => (body as { Clients: unknown[] }).Clients,
	);
