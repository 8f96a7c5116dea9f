import {
	bool,
	defineEvent,
	fields,
	nullableNum,
	nullableStr,
	num,
	resourceList,
	same,
	str,
	type EventDefinition,
} from './fields';

const assistants = {
	...same(nullableNum, 'assistantOneId', 'assistantTwoId'),
	...same(str, 'assistantOneName', 'assistantTwoName'),
};

const client = {
	clientId: str,
	clientUniqueId: num,
	...same(str, 'clientFirstName', 'clientLastName', 'clientEmail', 'clientPhone'),
};

const schedule = fields({
	...same(num, 'siteId', 'locationId', 'classScheduleId', 'classDescriptionId'),
	resources: resourceList,
	...same(num, 'maxCapacity', 'webCapacity', 'staffId'),
	staffName: str,
	isActive: bool,
	/** Calendar dates and times of day, not date-times. */
	...same(str, 'startDate', 'endDate', 'startTime', 'endTime'),
	daysOfWeek: str.array(),
	...assistants,
});

const scheduleCancelled = fields({ ...same(num, 'siteId', 'classScheduleId') });

const classUpdated = fields({
	...same(num, 'siteId', 'locationId', 'classId', 'classScheduleId', 'classDescriptionId', 'staffId'),
	...same(bool, 'isCancelled', 'isStaffASubstitute', 'isWaitlistAvailable'),
	isIntendedForOnlineViewing: bool,
	staffName: str,
	...same(str, 'startDateTime', 'endDateTime'),
	...assistants,
	resources: resourceList,
});

const rosterBooking = fields({
	...same(num, 'siteId', 'locationId', 'classId', 'classRosterBookingId', 'staffId'),
	...same(str, 'classStartDateTime', 'classEndDateTime'),
	signedInStatus: str,
	staffName: str,
	...same(num, 'maxCapacity', 'webCapacity', 'totalBooked', 'webBooked', 'totalWaitlisted'),
	...client,
	/** The pass fields are null when the client booked without a pass. */
	clientPassId: nullableStr,
	...same(nullableNum, 'clientPassSessionsTotal', 'clientPassSessionsDeducted', 'clientPassSessionsRemaining'),
	...same(nullableStr, 'clientPassActivationDateTime', 'clientPassExpirationDateTime'),
	bookingOriginatedFromWaitlist: bool,
	clientsNumberOfVisitsAtSite: num,
	itemId: num,
	itemName: str,
	/** Site of purchase for cross-regional bookings, else null. */
	itemSiteId: nullableNum,
});

const rosterStatus = fields({
	...same(num, 'siteId', 'locationId', 'classId', 'classRosterBookingId', 'staffId'),
	classDateTime: str,
	signedInStatus: str,
	...client,
	...same(num, 'itemId', 'itemSiteId'),
	itemName: str,
	clientPassId: str,
});

const rosterCancelled = fields({
	...same(num, 'siteId', 'locationId', 'classId', 'classRosterBookingId', 'clientUniqueId'),
	clientId: str,
});

const waitlistCreated = fields({
	...same(num, 'siteId', 'locationId', 'classId', 'classScheduleId', 'waitlistEntryId'),
	...same(num, 'waitlistMaxSize', 'clientUniqueId', 'clientsNumberOfVisitsAtSite'),
	...same(str, 'clientId', 'clientEmail', 'clientPhone'),
	...same(str, 'classStartDateTime', 'classEndDateTime'),
});

/** The spec spells the three client/class fields of this payload in PascalCase. */
const waitlistCancelled = fields({
	...same(num, 'siteId', 'waitlistEntryId'),
	ClassId: num,
	ClientId: str,
	ClientUniqueId: num,
});

const description = fields({ ...same(num, 'siteId', 'id'), ...same(str, 'name', 'description') });

export const classEvents: EventDefinition[] = [
	defineEvent('classSchedule.created', 'Class', 'A class offering is scheduled', schedule),
	defineEvent(
		'classSchedule.updated',
		'Class',
		'A whole class schedule changes (a changed end date adds or removes classes)',
		schedule,
	),
	defineEvent(
		'classSchedule.cancelled',
		'Class',
		'A class schedule is cancelled, removing all its classes',
		scheduleCancelled,
	),
	defineEvent('class.updated', 'Class', 'One class instance changes, including being cancelled', classUpdated),
	defineEvent(
		'classRosterBooking.created',
		'Class',
		'A client is booked into a class',
		rosterBooking,
		'Class Booking Created',
	),
	defineEvent(
		'classRosterBookingStatus.updated',
		'Class',
		'A class booking changes without being cancelled',
		rosterStatus,
		'Class Booking Status Updated',
	),
	defineEvent(
		'classRosterBooking.cancelled',
		'Class',
		'A class booking is cancelled',
		rosterCancelled,
		'Class Booking Cancelled',
	),
	defineEvent(
		'classWaitlistRequest.created',
		'Class',
		'A client joins a class waiting list',
		waitlistCreated,
		'Class Waitlist Entry Created',
	),
	defineEvent(
		'classWaitlistRequest.cancelled',
		'Class',
		'A client leaves a class waiting list',
		waitlistCancelled,
		'Class Waitlist Entry Cancelled',
	),
	defineEvent(
		'classDescription.updated',
		'Class',
		'A class name or description changes, even for an unscheduled class',
		description,
	),
];
