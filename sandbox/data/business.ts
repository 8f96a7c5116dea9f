import {
	ADD_ONS,
	APPOINTMENT_SERVICES,
	CITIES,
	FEATURES,
	FIRST_NAMES,
	LAST_NAMES,
	LOCATION_NAMES,
	STREETS,
	VERTICALS,
} from './names';
import type { Random } from './prng';
import type {
	AppointmentType,
	Category,
	Feature,
	Location,
	Program,
	Resource,
	Staff,
	Subcategory,
	Vertical,
} from './recordTypes';
import type { RevenueCategory } from './salesTypes';

/** The catalogue of the business: what it sells and who works there. */
export interface BusinessCatalogue {
	locations: Location[];
	resources: Resource[];
	verticals: Vertical[];
	categories: Category[];
	subcategories: Subcategory[];
	programs: Program[];
	appointmentTypes: AppointmentType[];
	revenueCategories: RevenueCategory[];
	features: Feature[];
}

const CLASS_CATEGORIES = new Set(['Yoga', 'Pilates']);

/** Names repeat past the list's end, numbered. */
const suffix = (index: number) => (index >= LOCATION_NAMES.length ? ` ${index + 1}` : '');

export function generateCatalogue(rand: Random, locationCount: number): BusinessCatalogue {
	const locations = Array.from({ length: locationCount }, (_, index): Location => {
		const city = CITIES[index % CITIES.length];
		return {
			Id: index + 1,
			Name: `Sandbox ${LOCATION_NAMES[index % LOCATION_NAMES.length]}${suffix(index)}`,
			Description: 'Studio with classes and treatment rooms',
			AddressLine1: `${rand.int(10, 999)} ${rand.pick(STREETS)}`,
			AddressLine2: '',
			...city,
			Phone: `805555${String(1000 + index).padStart(4, '0')}`,
			HasClasses: index !== 2,
			CanBookAppointments: index !== 3,
			Active: true,
		};
	});
	const resources = locations.flatMap((location, index) =>
		['Room A', 'Room B'].map((name, r) => ({
			Id: 50 + index * 2 + r,
			Name: name,
			LocationId: location.Id,
		})),
	);

	const verticals: Vertical[] = [];
	const categories: Category[] = [];
	const subcategories: Subcategory[] = [];
	const programs: Program[] = [];
	const appointmentTypes: AppointmentType[] = [];
	VERTICALS.forEach((vertical, v) => {
		verticals.push({ Id: v + 1, Name: vertical.Name });
		for (const category of vertical.categories) {
			const categoryId = 11 + categories.length;
			categories.push({ Id: categoryId, Name: category.Name, VerticalId: v + 1, Active: true });
			const subIds = category.subcategories.map((name) => {
				const sub = {
					Id: 201 + subcategories.length,
					Name: name,
					CategoryId: categoryId,
					Active: true,
				};
				subcategories.push(sub);
				return sub.Id;
			});
			const isClass = CLASS_CATEGORIES.has(category.Name);
			const program: Program = {
				Id: 21 + programs.length,
				Name: isClass ? `${category.Name} Classes` : category.Name,
				ScheduleType: isClass ? 'Class' : 'Appointment',
				ContentFormats:
					category.Name === 'Yoga'
						? ['InPerson', 'LiveStream:Mindbody-hosted']
						: category.Name === 'Pilates'
							? ['InPerson', 'LiveStream:Other']
							: ['InPerson'],
			};
			programs.push(program);
			for (const name of APPOINTMENT_SERVICES[category.Name] ?? []) {
				const duration = name.endsWith('30') || name.startsWith('Express') ? 30 : rand.pick([60, 60, 90]);
				appointmentTypes.push({
					Id: 1001 + appointmentTypes.length,
					Name: name,
					Description: `${name} with one of our practitioners`,
					DurationMinutes: duration,
					Price: Math.round(duration * rand.money(1.1, 1.8)),
					ProgramId: program.Id,
					CategoryId: categoryId,
					SubcategoryId: rand.pick(subIds),
					Active: true,
					ConsumerMode: true,
					IsAddOn: false,
				});
			}
		}
	});
	programs.push({
		Id: 21 + programs.length,
		Name: 'Workshops',
		ScheduleType: 'Enrollment',
		ContentFormats: ['InPerson'],
	});
	// One type staff book but consumers cannot, and one retired type.
	appointmentTypes[1].ConsumerMode = false;
	appointmentTypes[appointmentTypes.length - 1].Active = false;

	const massage = appointmentTypes.find((type) => type.Name.includes('Massage'))!;
	for (const name of ADD_ONS) {
		appointmentTypes.push({
			...massage,
			Id: 1001 + appointmentTypes.length,
			Name: name,
			Description: `${name} add-on`,
			DurationMinutes: 15,
			Price: rand.pick([10, 15, 20]),
			IsAddOn: true,
		});
	}

	const revenueCategories = ['Services', 'Retail', 'Memberships', 'Gift Cards', 'Tips'].map((Name, index) => ({
		Id: 1 + index,
		Name,
	}));
	const features = FEATURES.map((feature) => ({ ...feature }));
	return {
		locations,
		resources,
		verticals,
		categories,
		subcategories,
		programs,
		appointmentTypes,
		revenueCategories,
		features,
	};
}

export function generateStaff(rand: Random, count: number, catalogue: BusinessCatalogue): Staff[] {
	const bookable = catalogue.appointmentTypes.filter((type) => !type.IsAddOn);
	const addOns = catalogue.appointmentTypes.filter((type) => type.IsAddOn);
	const locationIds = catalogue.locations.map((location) => location.Id);
	const staff: Staff[] = Array.from({ length: count }, (_, index) => {
		const owner = index === 0;
		const FirstName = owner ? 'Sandbox' : FIRST_NAMES[(index * 7) % FIRST_NAMES.length];
		const LastName = owner ? 'Owner' : LAST_NAMES[(index * 3) % LAST_NAMES.length];
		const categoryId = rand.pick(bookable).CategoryId;
		const types = bookable.filter((type) => type.CategoryId === categoryId || rand.chance(0.15));
		const doesMassage = types.some((type) => type.Name.includes('Massage'));
		return {
			Id: 101 + index,
			FirstName,
			LastName,
			DisplayName: `${FirstName} ${LastName[0]}.`,
			Email: `${FirstName}.${LastName}@sandbox.example`.toLowerCase(),
			Bio: `${FirstName} has taught for ${rand.int(2, 20)} years.`,
			ImageUrl: `https://sandbox.example/staff/${101 + index}.jpg`,
			Gender: rand.pick(['Female', 'Male', 'None'] as const),
			LocationIds: owner ? locationIds : rand.sample(locationIds, rand.int(1, Math.min(2, locationIds.length))),
			AppointmentTypeIds: [...types, ...(doesMassage ? addOns : [])].map((type) => type.Id),
			IsIndependentContractor: rand.chance(0.2),
			AlwaysAllowDoubleBooking: false,
			ProviderId: rand.chance(0.3) ? `NPI${rand.int(100000, 999999)}` : '',
			Active: true,
		};
	});
	// Drawn after the loop, so the fields above stay what they were before these existed.
	staff.forEach((member, index) => Object.assign(member, staffProfileOf(rand, member, index)));
	return staff;
}

/** The v6 Staff record's contact, employment and sales rep fields of a seeded staff member. */
function staffProfileOf(rand: Random, member: Staff, index: number): Partial<Staff> {
	const city = rand.pick(CITIES);
	const year = 2012 + rand.int(0, 12);
	return {
		Address: `${rand.int(10, 999)} ${rand.pick(STREETS)}`,
		Address2: '',
		City: city.City,
		State: city.StateProvCode,
		Country: 'US',
		PostalCode: city.PostalCode,
		HomePhone: '',
		WorkPhone: `805555${String(2000 + index).padStart(4, '0')}`,
		MobilePhone: `805556${String(rand.int(1000, 9999))}`,
		SortOrder: index + 1,
		EmploymentStart: `${year}-${String(rand.int(1, 12)).padStart(2, '0')}-01`,
		EmploymentEnd: null,
		ClassAssistant: false,
		ClassAssistant2: false,
		// The owner and every fourth staff member sell (sales reps 1, 2, …).
		SalesRepNumbers: index % 4 === 0 ? [index / 4 + 1] : [],
		ProviderIds: member.ProviderId ? [member.ProviderId] : [],
		Notes: '',
		EmpID: `EMP${String(member.Id).padStart(4, '0')}`,
	};
}
