import { LISTS } from '../listSources';
import type { Operation } from '../types';
import { V6_OPERATIONS as V6 } from '../../../../document/facts';
import { fromDocument } from './fromDocument';

/** The v6 document's Site operations: the business's own lists and settings. */
export const siteOperations: Operation[] = [
	fromDocument(V6.GetActivationCode, {
		resource: 'site',
		operation: 'getActivationCode',
		name: 'Get Activation Code',
		action: 'Get activation code',
		description: 'Returns the code and link with which a business owner links the site to this integration',
	}),
	fromDocument(V6.GetCategories, {
		resource: 'category',
		operation: 'search',
		name: 'Search',
		action: 'Search service categories',
		description:
			'Returns service and revenue categories with their subcategories, page by page (the site route, unlike Get Many, which lists business categories by vertical)',
		params: {
			'request.active': { displayName: 'Active Only', description: 'Whether to return only active categories' },
			'request.categoryIds': { displayName: 'Category IDs' },
			'request.service': {
				displayName: 'Service Categories Only',
				description: 'Whether to return only service categories (on) or only revenue categories (off)',
			},
			'request.subCategoryIds': { displayName: 'Subcategory IDs' },
		},
	}),
	fromDocument(V6.GetGenders, {
		resource: 'site',
		operation: 'getGenders',
		name: 'Get Genders',
		action: 'Get gender options',
		description: 'Returns the gender options the business offers its clients',
	}),
	fromDocument(V6.GetLiabilityWaiver, {
		resource: 'site',
		operation: 'getLiabilityWaiver',
		name: 'Get Liability Waiver',
		action: 'Get liability waiver',
		description: 'Returns the text of the liability waiver clients sign',
	}),
	fromDocument(V6.GetLocations, {
		resource: 'location',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many locations',
		description: 'Returns the locations of the business',
		serves: LISTS.locations,
	}),
	fromDocument(V6.GetMemberships, {
		resource: 'site',
		operation: 'getMemberships',
		name: 'Get Memberships',
		action: 'Get memberships',
		description: 'Returns the membership types of the business',
		serves: LISTS.memberships,
		params: { 'request.membershipIds': { displayName: 'Membership IDs', listSource: LISTS.memberships } },
	}),
	fromDocument(V6.GetMobileProviders, {
		resource: 'site',
		operation: 'getMobileProviders',
		name: 'Get Mobile Providers',
		action: 'Get mobile providers',
		description: 'Returns the mobile phone providers clients can choose for text messages',
		params: {
			'request.active': { displayName: 'Active Only', description: 'Whether to return only active providers' },
		},
	}),
	fromDocument(V6.GetPaymentTypes, {
		resource: 'site',
		operation: 'getPaymentTypes',
		name: 'Get Payment Types',
		action: 'Get payment types',
		description: 'Returns the payment types the business accepts',
		params: { 'request.active': { displayName: 'Active Only', description: 'Whether to return only active types' } },
	}),
	fromDocument(V6.GetPrograms, {
		resource: 'program',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many programs',
		description: 'Returns the programs (service categories of classes, enrollments and appointments)',
		serves: LISTS.programs,
		params: {
			'request.onlineOnly': { description: 'Whether to return only programs offered online' },
			'request.programIds': { displayName: 'Program IDs', listSource: LISTS.programs },
		},
	}),
	fromDocument(V6.GetPromoCodes, {
		resource: 'promoCode',
		operation: 'search',
		name: 'Search',
		action: 'Search promo codes',
		description:
			'Returns promo codes filtered by dates and changes, page by page (the site route; Get Many is the business route)',
		params: {
			'request.activeOnly': { description: 'Whether to return only active promo codes' },
			'request.onlineOnly': { description: 'Whether to return only promo codes usable online' },
			'request.lastModifiedDate': { description: 'Only promo codes changed on or after this time' },
		},
	}),
	fromDocument(V6.GetProspectStages, {
		resource: 'site',
		operation: 'getProspectStages',
		name: 'Get Prospect Stages',
		action: 'Get prospect stages',
		description: 'Returns the stages a prospective client can be in',
		params: { 'request.active': { displayName: 'Active Only', description: 'Whether to return only active stages' } },
	}),
	fromDocument(V6.GetRelationships, {
		resource: 'site',
		operation: 'getRelationships',
		name: 'Get Relationships',
		action: 'Get relationship types',
		description: 'Returns the kinds of relationship two clients can have',
		params: {
			'request.active': { displayName: 'Active Only', description: 'Whether to return only active relationships' },
		},
	}),
	fromDocument(V6.GetResourceAvailabilities, {
		resource: 'resource',
		operation: 'getAvailabilities',
		name: 'Get Availabilities',
		action: 'Get resource availabilities',
		description: 'Returns when rooms and equipment are free, between two dates',
		params: {
			'request.locationIds': { listSource: LISTS.locations },
			'request.programIds': { displayName: 'Program IDs', listSource: LISTS.programs },
		},
	}),
	fromDocument(V6.GetResources, {
		resource: 'resource',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many resources',
		description: 'Returns the rooms and equipment that sessions can book',
		params: {
			'request.includeInactive': { description: 'Whether to include inactive resources' },
			'request.locationIds': { listSource: LISTS.locations },
			'request.programIds': { displayName: 'Program IDs', listSource: LISTS.programs },
		},
	}),
	fromDocument(V6.GetSessionTypes, {
		resource: 'sessionType',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many session types',
		description: 'Returns the session types (kinds of classes, enrollments and appointments)',
		serves: LISTS.sessionTypes,
		params: {
			'request.onlineOnly': { description: 'Whether to return only session types bookable online' },
			'request.programIDs': { displayName: 'Program IDs', listSource: LISTS.programs },
		},
	}),
	fromDocument(V6.GetSites, {
		resource: 'site',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many sites',
		description: 'Returns the business sites the API key may reach',
		params: {
			'request.includeLeadChannels': { description: 'Whether to include the lead channels of each site' },
			'request.includePerStaffPricing': { description: 'Whether to include whether each site prices per staff member' },
		},
	}),
	fromDocument(V6.AddClientIndex, {
		resource: 'clientIndex',
		operation: 'create',
		name: 'Create',
		action: 'Create client index',
		description: 'Creates a client index, a custom field with set values that staff can fill on a client',
	}),
	fromDocument(V6.AddPromoCode, {
		resource: 'promoCode',
		operation: 'add',
		name: 'Create with Limits',
		action: 'Create promo code with limits',
		description:
			'Creates a promo code on the site route, which states its limits: items, days of the week, number of uses (Create takes the business route)',
		toolWarning: 'changes prices',
		fields: {
			DaysValid: {
				description: 'The days of the week the promo code can be used. Default: every day',
				values: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
			},
		},
	}),
	fromDocument(V6.DeactivatePromoCode, {
		resource: 'promoCode',
		operation: 'deactivate',
		name: 'Deactivate',
		action: 'Deactivate promo code',
		description: 'Stops a promo code from being used',
		toolWarning: 'changes prices',
		fields: { PromotionId: { displayName: 'Promo Code ID', listSource: LISTS.promoCodes } },
	}),
	fromDocument(V6.UpdateClientIndex, {
		resource: 'clientIndex',
		operation: 'update',
		name: 'Update',
		action: 'Update client index',
		description: 'Changes a client index',
	}),
];
