import type { HandlerTable } from '../call';
import {
	addClientIndex,
	addPromoCode,
	deactivatePromoCode,
	getActivationCode,
	getCategories,
	getGenders,
	getLiabilityWaiver,
	getLocations,
	getMemberships,
	getMobileProviders,
	getPaymentTypes,
	getPrograms,
	getPromoCodes,
	getProspectStages,
	getRelationships,
	getResourceAvailabilities,
	getResources,
	getSessionTypes,
	getSites,
	updateClientIndex,
} from './siteLists';

/** The v6 operations on site lists and settings, all from the site's state. */
export const siteV6Handlers: HandlerTable = {
	'site.getActivationCode': getActivationCode, // GET /site/activationcode
	'category.search': getCategories, // GET /site/categories
	'site.getGenders': getGenders, // GET /site/genders
	'site.getLiabilityWaiver': getLiabilityWaiver, // GET /site/liabilitywaiver
	'location.getMany': getLocations, // GET /site/locations
	'site.getMemberships': getMemberships, // GET /site/memberships
	'site.getMobileProviders': getMobileProviders, // GET /site/mobileproviders
	'site.getPaymentTypes': getPaymentTypes, // GET /site/paymenttypes
	'program.getMany': getPrograms, // GET /site/programs
	'promoCode.search': getPromoCodes, // GET /site/promocodes
	'site.getProspectStages': getProspectStages, // GET /site/prospectstages
	'site.getRelationships': getRelationships, // GET /site/relationships
	'resource.getAvailabilities': getResourceAvailabilities, // GET /site/resourceavailabilities
	'resource.getMany': getResources, // GET /site/resources
	'sessionType.getMany': getSessionTypes, // GET /site/sessiontypes
	'site.getMany': getSites, // GET /site/sites
	'clientIndex.create': addClientIndex, // POST /site/addclientindex
	'promoCode.add': addPromoCode, // POST /site/addpromocode
	'promoCode.deactivate': deactivatePromoCode, // POST /site/deactivatepromocode
	'clientIndex.update': updateClientIndex, // POST /site/updateclientindex
};
