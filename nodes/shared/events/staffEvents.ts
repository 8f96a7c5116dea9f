import { bool, defineEvent, fields, num, same, str, type EventDefinition } from './fields';

const staff = fields({
	...same(num, 'staffId', 'siteId', 'sortOrder'),
	...same(str, 'addressLine1', 'addressLine2', 'staffFirstName', 'staffLastName'),
	...same(str, 'city', 'state', 'country', 'postalCode', 'imageUrl', 'biography'),
	...same(bool, 'isIndependentContractor', 'alwaysAllowDoubleBooking'),
	providerIds: str.array(),
	gender: str,
});

export const staffEvents: EventDefinition[] = [
	defineEvent('staff.created', 'Staff', 'A staff member is added', staff),
	defineEvent('staff.updated', 'Staff', 'Staff information changes', staff),
	defineEvent('staff.deactivated', 'Staff', 'A staff member is deactivated', staff),
];
