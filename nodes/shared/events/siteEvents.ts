import { bool, defineEvent, fields, int, num, same, str, type EventDefinition } from './fields';

const site = fields({
	siteId: num,
	...same(str, 'name', 'description', 'logoURL'),
	...same(str, 'pageColor1', 'pageColor2', 'pageColor3', 'pageColor4', 'pageColor5'),
	...same(bool, 'acceptsVisa', 'acceptsDiscover', 'acceptsMasterCard', 'acceptsAmericanExpress'),
	...same(bool, 'isEmailContactApproved', 'isSmsPackageEnabled'),
	/** Deprecated by the service in favour of subscriptionLevel; still sent. */
	pricingLevel: str,
	subscriptionLevel: str,
	isActive: bool,
});

const closureCreated = fields({
	siteId: num,
	businessDayClosureId: int,
	nameClosedDay: str,
	...same(str, 'startDateTime', 'endDateTime'),
	serviceCategoriesAffectedIds: int.array(),
});

const closureCancelled = fields({ siteId: num, businessDayClosureId: int });

const location = fields({
	...same(num, 'siteId', 'locationId'),
	...same(str, 'name', 'description'),
	hasClasses: bool,
	...same(str, 'phoneExtension', 'addressLine1', 'addressLine2', 'city', 'state', 'postalCode'),
	phone: str,
	...same(num, 'latitude', 'longitude'),
	...same(num, 'tax1', 'tax2', 'tax3', 'tax4', 'tax5'),
	webColor5: str,
});

export const siteEvents: EventDefinition[] = [
	defineEvent('site.created', 'Site', 'A new business subscribes', site),
	defineEvent('site.updated', 'Site', 'A field of the business changes', site),
	defineEvent('site.deactivated', 'Site', 'A business is deactivated', site),
	defineEvent(
		'siteBusinessDayClosure.created',
		'Site',
		'A closed day or range of days is scheduled',
		closureCreated,
		'Business Day Closure Created',
	),
	defineEvent(
		'siteBusinessDayClosure.cancelled',
		'Site',
		'A scheduled closure is removed',
		closureCancelled,
		'Business Day Closure Cancelled',
	),
	defineEvent('location.created', 'Location', 'A location is added', location),
	defineEvent('location.updated', 'Location', 'A field of the location changes', location),
	defineEvent('location.deactivated', 'Location', 'A location is deactivated', location),
];
