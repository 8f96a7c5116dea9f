import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { mindbodyRequest } from '../../shared/transport';

/** Where each dropdown's values come from (REST paths; subscriptions are on the webhooks service). */
const SOURCES: Record<string, string> = {
	locations: '/Consumer/Schedules/Appointments/Locations',
	appointmentTypes: '/Consumer/Schedules/Appointments/AppointmentTypes',
	categories: '/Business/Categories',
	subcategories: '/Business/Subcategories',
	features: '/Business/Features',
	promoCodes: '/Business/PromoCodes',
	subscriptions: '/subscriptions',
};

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

async function listOptions(ctx: ILoadOptionsFunctions, source: string): Promise<INodePropertyOptions[]> {
	const service = source === 'subscriptions' ? 'webhooks' : 'rest';
	const { body } = await mindbodyRequest(ctx, { service, method: 'GET', path: SOURCES[source], retry: true });
	const items = (body as IDataObject | undefined)?.items;
	const entries: unknown[] = Array.isArray(body) ? body : Array.isArray(items) ? items : [];
	return entries.map(toOption).sort((a, b) => a.name.localeCompare(b.name));
}

function searcher(source: string) {
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

function loader(source: string) {
	return async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await listOptions(this, source);
	};
}

export const listSearch = {
	searchLocations: searcher('locations'),
	searchAppointmentTypes: searcher('appointmentTypes'),
	searchCategories: searcher('categories'),
	searchSubcategories: searcher('subcategories'),
	searchFeatures: searcher('features'),
	searchPromoCodes: searcher('promoCodes'),
	searchSubscriptions: searcher('subscriptions'),
};

export const loadOptions = {
	searchLocations: loader('locations'),
	searchAppointmentTypes: loader('appointmentTypes'),
	searchCategories: loader('categories'),
	searchSubcategories: loader('subcategories'),
	searchFeatures: loader('features'),
	searchPromoCodes: loader('promoCodes'),
	searchSubscriptions: loader('subscriptions'),
};
