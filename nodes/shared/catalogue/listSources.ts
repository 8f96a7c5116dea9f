/**
 * A list of records the node offers in a dropdown. A parameter that picks from one carries it
 * (`listSource`), the GET operation whose answer fills it carries it too (`serves`), and the
 * node registers its dropdown method under `method` (n8n finds dropdown methods by name).
 */
export interface ListSource {
	readonly method: string;
	/**
	 * The serving operation's query parameter that filters by the text typed in the dropdown
	 * (the service searches); without one the node filters the entries it read.
	 */
	readonly searchParam?: string;
}

const list = (method: string, searchParam?: string): ListSource => ({
	method,
	...(searchParam ? { searchParam } : {}),
});

export const LISTS = {
	locations: list('searchLocations'),
	appointmentTypes: list('searchAppointmentTypes'),
	categories: list('searchCategories'),
	features: list('searchFeatures'),
	promoCodes: list('searchPromoCodes'),
	subscriptions: list('searchSubscriptions'),
	staff: list('searchStaff'),
	programs: list('searchPrograms'),
	sessionTypes: list('searchSessionTypes'),
	pricingOptions: list('searchPricingOptions'),
	contracts: list('searchContracts'),
	classDescriptions: list('searchClassDescriptions'),
	classes: list('searchClasses'),
	clients: list('searchClients', 'request.searchText'),
	products: list('searchProducts'),
	memberships: list('searchMemberships'),
} as const;
