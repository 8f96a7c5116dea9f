/**
 * The floor for paging: what any client must do to read every sales detail, with nothing but
 * Node's fetch and JSON.parse: one GET per page of 100, until a short page.
 */
import type { SandboxInfo } from './sandbox';

export const PAGE_SIZE = 100;

export async function fetchAllSalesDetails(sandbox: SandboxInfo): Promise<{ items: number; pages: number }> {
	let items = 0;
	let pages = 0;
	for (let offset = 0; ; offset += PAGE_SIZE) {
		const url = `${sandbox.restBaseUrl}/Business/Sales/SalesDetails?request.limit=${PAGE_SIZE}&request.offset=${offset}`;
		const res = await fetch(url, {
			headers: { 'API-Key': sandbox.apiKey, SiteId: String(sandbox.siteId), Accept: 'application/json' },
		});
		if (!res.ok) throw new Error(`floor: GET ${url} answered ${res.status}`);
		const rows = (await res.json()) as unknown[];
		pages++;
		items += rows.length;
		if (rows.length < PAGE_SIZE) return { items, pages };
	}
}

/** The same loop over a v6 list: GET /client/clients page by page with a staff token, until a short page. */
export async function fetchAllClients(sandbox: SandboxInfo, token: string): Promise<{ items: number; pages: number }> {
	let items = 0;
	let pages = 0;
	for (let offset = 0; ; offset += PAGE_SIZE) {
		const url = `${sandbox.restBaseUrl}/client/clients?request.limit=${PAGE_SIZE}&request.offset=${offset}&request.includeInactive=true`;
		const res = await fetch(url, {
			headers: {
				'API-Key': sandbox.apiKey,
				SiteId: String(sandbox.siteId),
				Authorization: `Bearer ${token}`,
				Accept: 'application/json',
			},
		});
		if (!res.ok) throw new Error(`floor: GET ${url} answered ${res.status}`);
		const rows = ((await res.json()) as { Clients: unknown[] }).Clients;
		pages++;
		items += rows.length;
		if (rows.length < PAGE_SIZE) return { items, pages };
	}
}
