/** Word lists the generator draws from. */
export const FIRST_NAMES = (
	'Ava Liam Mia Noah Emma Lucas Olivia Mateo Sofia Ethan Isla Leo Chloe Aria Kai ' +
	'Nora Elias Zoe Hugo Maya Ivy Omar Lena Ravi Priya Jonas Hana Diego Fatima Sam'
).split(' ');

export const LAST_NAMES = (
	'Garcia Smith Nguyen Khan Müller Rossi Silva Kim Okafor Johnson Haddad Novak ' +
	'Tanaka Brown Larsen Dubois Patel Cohen Moreau Walsh'
).split(' ');

export const CITIES = [
	{
		City: 'San Luis Obispo',
		StateProvCode: 'CA',
		PostalCode: '93401',
		Latitude: 35.28,
		Longitude: -120.66,
	},
	{
		City: 'Santa Barbara',
		StateProvCode: 'CA',
		PostalCode: '93101',
		Latitude: 34.42,
		Longitude: -119.7,
	},
	{
		City: 'Pismo Beach',
		StateProvCode: 'CA',
		PostalCode: '93449',
		Latitude: 35.14,
		Longitude: -120.64,
	},
	{
		City: 'Paso Robles',
		StateProvCode: 'CA',
		PostalCode: '93446',
		Latitude: 35.63,
		Longitude: -120.69,
	},
] as const;

export const LOCATION_NAMES = ['Downtown', 'Harbor', 'Hillside', 'Riverside', 'Old Town', 'Uptown'];

export const STREETS = ['Higuera St', 'Marsh St', 'Monterey St', 'Foothill Blvd', 'Broad St'];

/** Verticals and their service categories; subcategories hang off each category. */
export const VERTICALS = [
	{
		Name: 'Fitness',
		categories: [
			{ Name: 'Yoga', subcategories: ['Vinyasa', 'Yin', 'Hot Yoga'] },
			{ Name: 'Pilates', subcategories: ['Mat Pilates', 'Reformer'] },
			{ Name: 'Personal Training', subcategories: ['Strength', 'Mobility'] },
		],
	},
	{
		Name: 'Wellness',
		categories: [
			{ Name: 'Massage', subcategories: ['Swedish', 'Deep Tissue', 'Sports'] },
			{ Name: 'Physiotherapy', subcategories: ['Assessment', 'Rehab'] },
		],
	},
	{
		Name: 'Beauty',
		categories: [
			{ Name: 'Skin Care', subcategories: ['Facial', 'Peel'] },
			{ Name: 'Nails', subcategories: ['Manicure', 'Pedicure'] },
		],
	},
] as const;

export const APPOINTMENT_SERVICES: Record<string, string[]> = {
	'Personal Training': ['Personal Training 60', 'Personal Training 30'],
	Massage: ['Swedish Massage', 'Deep Tissue Massage', 'Sports Massage'],
	Physiotherapy: ['Physio Assessment', 'Physio Follow-up'],
	'Skin Care': ['Signature Facial', 'Express Facial'],
	Nails: ['Classic Manicure', 'Spa Pedicure'],
};

export const ADD_ONS = ['Hot Stones', 'Aromatherapy', 'Scalp Treatment', 'CBD Oil', 'Hand Treatment'];

export const CLASS_NAMES: Record<string, string[]> = {
	Yoga: ['Morning Flow', 'Power Vinyasa', 'Yin & Restore', 'Hot 26'],
	Pilates: ['Mat Pilates', 'Reformer Basics', 'Pilates Sculpt'],
};

export const ENROLLMENT_NAMES = [
	'Yoga Teacher Training',
	'Pilates Foundations Workshop',
	'Mobility Bootcamp',
	'Breathwork Series',
	'Prenatal Yoga Course',
	'Running Clinic',
];

export const PRODUCTS = ['Yoga Mat', 'Water Bottle', 'Grip Socks', 'Protein Bar', 'Massage Oil'];

export const CONTRACTS = ['Unlimited Monthly Membership', '8 Classes Monthly Membership'];

export const PAYMENT_METHODS = [
	{ MethodId: 1, MethodName: 'Cash', card: false },
	{ MethodId: 2, MethodName: 'Visa', card: true },
	{ MethodId: 3, MethodName: 'Mastercard', card: true },
	{ MethodId: 801, MethodName: 'Wallet', card: false },
	{ MethodId: 4, MethodName: 'Account', card: false },
] as const;

export const PROMO_WORDS = ['SPRING', 'SUMMER', 'WELCOME', 'FRIEND', 'VIP', 'FLASH', 'LOYAL', 'NEWYEAR'];

export const CLOSURE_NAMES = ['Staff Training Day', 'Public Holiday', 'Maintenance', 'Team Retreat'];

/** Feature descriptors of a business; some are on, some off, one needs a higher plan. */
export const FEATURES = [
	{ Name: 'AppointmentRequests', Enabled: true, Locked: false },
	{ Name: 'OnlineStore', Enabled: true, Locked: false },
	{ Name: 'PickASpot', Enabled: false, Locked: false },
	{ Name: 'VirtualWellness', Enabled: true, Locked: false },
	{ Name: 'WaitlistAutoPromote', Enabled: false, Locked: false },
	{ Name: 'BrandedApp', Enabled: false, Locked: true },
] as const;
