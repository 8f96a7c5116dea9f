/**
 * A list of records the node offers in a dropdown. A parameter that picks from one carries it
 * (`listSource`), the GET operation whose answer fills it carries it too (`serves`), and the
 * node registers its dropdown method under `method` (n8n finds dropdown methods by name).
 */
export interface ListSource {
	readonly method: string;
}

const list = (method: string): ListSource => ({ method });

export const LISTS = {
	locations: list('searchLocations'),
	appointmentTypes: list('searchAppointmentTypes'),
	categories: list('searchCategories'),
	features: list('searchFeatures'),
	promoCodes: list('searchPromoCodes'),
	subscriptions: list('searchSubscriptions'),
} as const;
