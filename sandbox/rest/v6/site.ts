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
	GetActivationCode: getActivationCode, // GET /site/activationcode
	GetCategories: getCategories, // GET /site/categories
	GetGenders: getGenders, // GET /site/genders
	GetLiabilityWaiver: getLiabilityWaiver, // GET /site/liabilitywaiver
	GetLocations: getLocations, // GET /site/locations
	GetMemberships: getMemberships, // GET /site/memberships
	GetMobileProviders: getMobileProviders, // GET /site/mobileproviders
	GetPaymentTypes: getPaymentTypes, // GET /site/paymenttypes
	GetPrograms: getPrograms, // GET /site/programs
	GetPromoCodes: getPromoCodes, // GET /site/promocodes
	GetProspectStages: getProspectStages, // GET /site/prospectstages
	GetRelationships: getRelationships, // GET /site/relationships
	GetResourceAvailabilities: getResourceAvailabilities, // GET /site/resourceavailabilities
	GetResources: getResources, // GET /site/resources
	GetSessionTypes: getSessionTypes, // GET /site/sessiontypes
	GetSites: getSites, // GET /site/sites
	AddClientIndex: addClientIndex, // POST /site/addclientindex
	AddPromoCode: addPromoCode, // POST /site/addpromocode
	DeactivatePromoCode: deactivatePromoCode, // POST /site/deactivatepromocode
	UpdateClientIndex: updateClientIndex, // POST /site/updateclientindex
};
