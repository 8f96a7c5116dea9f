import { fixtureAnswer } from '../../v6/fixtures';
import type { HandlerTable } from '../call';

/** The v6 operations on site lists and settings. */
export const siteV6Handlers: HandlerTable = {
	'site.getActivationCode': fixtureAnswer, // GET /site/activationcode
	'category.search': fixtureAnswer, // GET /site/categories
	'site.getGenders': fixtureAnswer, // GET /site/genders
	'site.getLiabilityWaiver': fixtureAnswer, // GET /site/liabilitywaiver
	'location.getMany': fixtureAnswer, // GET /site/locations
	'site.getMemberships': fixtureAnswer, // GET /site/memberships
	'site.getMobileProviders': fixtureAnswer, // GET /site/mobileproviders
	'site.getPaymentTypes': fixtureAnswer, // GET /site/paymenttypes
	'program.getMany': fixtureAnswer, // GET /site/programs
	'promoCode.search': fixtureAnswer, // GET /site/promocodes
	'site.getProspectStages': fixtureAnswer, // GET /site/prospectstages
	'site.getRelationships': fixtureAnswer, // GET /site/relationships
	'resource.getAvailabilities': fixtureAnswer, // GET /site/resourceavailabilities
	'resource.getMany': fixtureAnswer, // GET /site/resources
	'sessionType.getMany': fixtureAnswer, // GET /site/sessiontypes
	'site.getMany': fixtureAnswer, // GET /site/sites
	'clientIndex.create': fixtureAnswer, // POST /site/addclientindex
	'promoCode.add': fixtureAnswer, // POST /site/addpromocode
	'promoCode.deactivate': fixtureAnswer, // POST /site/deactivatepromocode
	'clientIndex.update': fixtureAnswer, // POST /site/updateclientindex
};
