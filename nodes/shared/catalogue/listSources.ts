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
	/**
	 * Required query parameters of the serving operation: the dropdown takes the value of the
	 * node's field of that name, or else the first entry of the given list (contracts are listed
	 * per location).
	 */
	readonly needs?: Readonly<Record<string, ListSource>>;
}

const list = (method: string, searchParam?: string, needs?: Record<string, ListSource>): ListSource => ({
	method,
	...(searchParam ? { searchParam } : {}),
	...(needs ? { needs } : {}),
});

const locations = list('searchLocations');

export const LISTS = {
	locations,
	appointmentTypes: list('searchAppointmentTypes'),
	categories: list('searchCategories'),
	features: list('searchFeatures'),
	promoCodes: list('searchPromoCodes'),
	subscriptions: list('searchSubscriptions'),
	staff: list('searchStaff'),
	programs: list('searchPrograms'),
	sessionTypes: list('searchSessionTypes'),
	pricingOptions: list('searchPricingOptions'),
	contracts: list('searchContracts', undefined, { 'request.locationId': locations }),
	classDescriptions: list('searchClassDescriptions'),
	classes: list('searchClasses'),
	clients: list('searchClients', 'request.searchText'),
	products: list('searchProducts'),
	memberships: list('searchMemberships'),
} as const;
