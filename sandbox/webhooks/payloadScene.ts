/**
 * Realistic values for every field name of the event catalog, drawn from one seeded random
 * source so a generated payload is internally consistent (same client, times that fit).
 */

const FIRST_NAMES = ['Ava', 'Liam', 'Maya', 'Noah', 'Zoe', 'Ethan', 'Isla', 'Lucas', 'Priya', 'Omar'];
const LAST_NAMES = ['Nguyen', 'Garcia', 'Patel', 'Okafor', 'Schmidt', 'Rossi', 'Kim', 'Larsen'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type Random = () => number;

/** mulberry32: small, seedable, good enough for fixtures. */
export function seededRandom(seed: number): Random {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
	};
}

export const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const timeOfDay = (ms: number) => new Date(ms).toISOString().slice(11, 19);

export function sceneValues(rand: Random, siteId: number, now: number): Record<string, unknown> {
	const between = (low: number, high: number) => low + Math.floor(rand() * (high - low + 1));
	const pick = <T>(list: readonly T[]) => list[between(0, list.length - 1)];
	const person = () => {
		const first = pick(FIRST_NAMES);
		const last = pick(LAST_NAMES);
		return { first, last, email: `${first}.${last}@example.com`.toLowerCase() };
	};
	const phone = () => `805555${String(between(0, 9999)).padStart(4, '0')}`;
	const hex = () => `#${between(0, 0xffffff).toString(16).padStart(6, '0')}`;

	const client = person();
	const staff = person();
	const assistant = person();
	const clientUniqueId = between(100_000_000, 100_999_999);
	const clientId = String(clientUniqueId);
	const staffId = between(100, 999);
	const locationId = between(1, 6);
	const start = Math.floor(now / DAY) * DAY + DAY + between(7, 19) * HOUR;
	const end = start + HOUR;
	const deducted = between(1, 9);
	const price = between(20, 200);
	const paymentId = between(10_000, 99_999);

	const people = {
		clientId,
		clientUniqueId,
		clientFirstName: client.first,
		clientLastName: client.last,
		clientEmail: client.email,
		clientPhone: phone(),
		firstName: client.first,
		lastName: client.last,
		email: client.email,
		mobilePhone: phone(),
		homePhone: phone(),
		workPhone: phone(),
		phone: phone(),
		staffId,
		staffFirstName: staff.first,
		staffLastName: staff.last,
		staffName: `${staff.first} ${staff.last}`,
		assistantOneId: between(100, 999),
		assistantOneName: `${assistant.first} ${assistant.last}`,
		// One assistant slot left empty: exercises the nullable id.
		assistantTwoId: null,
		assistantTwoName: '',
		addressLine1: `${between(10, 2999)} Higuera St`,
		addressLine2: `Suite ${between(1, 20)}`,
		city: 'San Luis Obispo',
		state: 'CA',
		postalCode: '93401',
		country: 'US',
	};

	const times = {
		startDateTime: isoSeconds(start),
		endDateTime: isoSeconds(end),
		classStartDateTime: isoSeconds(start),
		classEndDateTime: isoSeconds(end),
		classDateTime: isoSeconds(start),
		startDate: isoDay(start),
		endDate: isoDay(start + 90 * DAY),
		startTime: timeOfDay(start),
		endTime: timeOfDay(end),
		daysOfWeek: ['Monday', 'Wednesday', 'Friday'],
		durationMinutes: 60,
	};

	const ids = {
		siteId,
		locationId,
		appointmentId: between(10_000, 99_999),
		addOnAppointmentId: between(10_000, 99_999),
		classId: between(1_000, 9_999),
		classScheduleId: between(100, 999),
		classDescriptionId: between(10, 99),
		classRosterBookingId: between(100_000, 999_999),
		waitlistEntryId: between(1_000, 9_999),
		sessionTypeId: between(1, 50),
		businessDayClosureId: between(1, 500),
		serviceCategoriesAffectedIds: [between(1, 9), between(10, 19)],
		providerId: String(between(1_000_000_000, 1_999_999_999)),
		providerIds: [String(between(1_000_000_000, 1_999_999_999))],
	};

	const classes = {
		resources: [{ id: between(1, 30), name: 'Studio A' }],
		maxCapacity: 20,
		webCapacity: 15,
		totalBooked: between(1, 15),
		webBooked: between(0, 10),
		totalWaitlisted: between(0, 3),
		waitlistMaxSize: 5,
		clientsNumberOfVisitsAtSite: between(1, 80),
		isCancelled: false,
		isStaffASubstitute: false,
		isWaitlistAvailable: true,
		isIntendedForOnlineViewing: true,
		signedInStatus: 'SignedIn',
		clientPassId: String(between(1_000, 9_999)),
		clientPassSessionsTotal: 10,
		clientPassSessionsDeducted: deducted,
		clientPassSessionsRemaining: 10 - deducted,
		clientPassActivationDateTime: isoSeconds(now - 30 * DAY),
		clientPassExpirationDateTime: isoSeconds(now + 335 * DAY),
		bookingOriginatedFromWaitlist: false,
		itemId: between(1_000, 9_999),
		itemName: '10 Class Pass',
		// Null unless the booking was paid at another site (cross-regional).
		itemSiteId: null,
	};

	const appointments = {
		isConfirmed: true,
		hasArrived: false,
		genderRequested: 'None',
		notes: 'Prefers light pressure.',
		formulaNotes: 'Patch test done.',
		icdCodes: [{ code: 'M54.5', description: 'Low back pain' }],
	};

	const clientProfile = {
		creationDateTime: isoSeconds(now),
		birthDateTime: '1991-04-12T00:00:00Z',
		gender: 'Female',
		appointmentGenderPreference: 'None',
		firstAppointmentDateTime: isoSeconds(start),
		referredBy: 'Instagram',
		isProspect: false,
		isCompany: false,
		isLiabilityReleased: true,
		liabilityAgreementDateTime: isoSeconds(now),
		homeLocation: locationId,
		clientNumberOfVisitsAtSite: between(1, 80),
		indexes: [{ indexName: 'Referral Source', indexValue: 'Friend' }],
		sendPromotionalEmails: true,
		sendScheduleEmails: true,
		sendAccountEmails: true,
		sendPromotionalTexts: false,
		sendScheduleTexts: true,
		sendAccountTexts: false,
		creditCardLastFour: '4242',
		directDebitLastFour: '6789',
		creditCardExpDate: '2028-09-30T00:00:00Z',
		photoUrl: `https://clients.mindbodyonline.com/studios/photos/${clientId}.jpg`,
		previousEmail: null,
		mergedByStaffId: staffId,
		keptClientUniqueId: clientUniqueId,
		keptClientId: clientId,
		removedClientUniqueId: clientUniqueId + between(1, 999),
		mergeDateTime: isoSeconds(now),
	};

	const commerce = {
		membershipId: between(1, 40),
		membershipName: 'Unlimited Monthly',
		contractId: between(1, 40),
		clientContractId: between(1_000, 9_999),
		contractName: 'Unlimited Monthly Autopay',
		contractSoldByStaffId: staffId,
		contractSoldByStaffFirstName: staff.first,
		contractSoldByStaffLastName: staff.last,
		contractOriginationLocation: locationId,
		agreementDateTime: isoSeconds(now),
		contractStartDateTime: isoSeconds(now),
		contractEndDateTime: isoSeconds(now + 365 * DAY),
		isAutoRenewing: true,
		saleId: between(100_000, 999_999),
		soldById: staffId,
		soldByName: `${staff.first} ${staff.last}`,
		totalAmountPaid: price,
		purchasingClientId: clientId,
		saleDateTime: isoSeconds(now),
		payments: [
			{
				paymentId,
				paymentMethodId: 1,
				paymentMethodName: 'Credit Card',
				paymentAmountPaid: price,
				paymentLastFour: '4242',
				paymentNotes: null,
			},
		],
		items: [
			{
				itemId: between(1_000, 9_999),
				type: 'Service',
				name: '10 Class Pass',
				amountPaid: price,
				amountDiscounted: 0,
				quantity: 1,
				recipientClientId: clientId,
				paymentReferenceId: paymentId,
			},
		],
	};

	const business = {
		isActive: true,
		hasClasses: true,
		pageColor1: hex(),
		pageColor2: hex(),
		pageColor3: hex(),
		pageColor4: hex(),
		pageColor5: hex(),
		webColor5: hex(),
		sortOrder: between(1, 20),
		isIndependentContractor: false,
		alwaysAllowDoubleBooking: false,
		imageUrl: `https://clients.mindbodyonline.com/studios/staff/${staffId}.jpg`,
		biography: `${staff.first} has taught yoga and pilates for ${between(2, 15)} years.`,
	};

	return {
		...people,
		...times,
		...ids,
		...classes,
		...appointments,
		...clientProfile,
		...commerce,
		...business,
	};
}
