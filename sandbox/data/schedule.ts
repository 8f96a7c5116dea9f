import type { BusinessCatalogue } from './business';
import { DAY, DAY_NAMES, HOUR, dateOf, dayName, isoAt, timeOf } from './dates';
import { meetingOn } from './meetings';
import { CLASS_NAMES, CLOSURE_NAMES, ENROLLMENT_NAMES } from './names';
import type { Random } from './prng';
import type {
	AvailabilitySchedule,
	ClassDescription,
	ClassInstance,
	ClassSchedule,
	Closure,
	ContentFormat,
	Enrollment,
	Staff,
	Unavailability,
} from './types';

const WEEKDAYS = DAY_NAMES.slice(1, 6);

/** Classes are generated from two weeks back to four weeks ahead of the anchor day. */
const CLASS_WINDOW = { from: -14, to: 28 };

export interface ClassData {
	classDescriptions: ClassDescription[];
	classSchedules: ClassSchedule[];
	classes: ClassInstance[];
}

export function generateClasses(
	rand: Random,
	scheduleCount: number,
	catalogue: BusinessCatalogue,
	staff: Staff[],
	anchor: number,
): ClassData {
	const classPrograms = catalogue.programs.filter((program) => program.ScheduleType === 'Class');
	const classDescriptions: ClassDescription[] = classPrograms.flatMap((program) => {
		const category = catalogue.categories.find((c) => program.Name.startsWith(c.Name))!;
		const subs = catalogue.subcategories.filter((sub) => sub.CategoryId === category.Id);
		return CLASS_NAMES[category.Name].map((Name) => ({
			Id: 0,
			Name,
			Description: `${Name}: a ${category.Name.toLowerCase()} class for every level`,
			ProgramId: program.Id,
			CategoryId: category.Id,
			SubcategoryId: rand.pick(subs).Id,
		}));
	});
	classDescriptions.forEach((description, index) => (description.Id = 301 + index));

	const classLocations = catalogue.locations.filter((location) => location.HasClasses);
	const classSchedules = Array.from({ length: scheduleCount }, (_, index): ClassSchedule => {
		const description = index === 0 ? classDescriptions[0] : rand.pick(classDescriptions);
		const program = classPrograms.find((p) => p.Id === description.ProgramId)!;
		const start = rand.int(12, 40) * 30;
		const maxCapacity = rand.int(10, 30);
		// The first schedule is a daily hosted live-stream class, so one is always about to start.
		const format: ContentFormat =
			index === 0
				? 'LiveStream:Mindbody-hosted'
				: rand.chance(0.25)
					? program.ContentFormats[program.ContentFormats.length - 1]
					: 'InPerson';
		return {
			Id: 401 + index,
			ClassDescriptionId: description.Id,
			LocationId: rand.pick(classLocations).Id,
			StaffId: rand.pick(staff).Id,
			DaysOfWeek: index === 0 ? [...DAY_NAMES] : rand.sample(DAY_NAMES, rand.int(1, 3)),
			StartTime: timeOf(start),
			EndTime: timeOf(start + rand.pick([45, 60, 75])),
			StartDate: dateOf(anchor + (CLASS_WINDOW.from - rand.int(0, 60)) * DAY),
			EndDate: dateOf(anchor + (CLASS_WINDOW.to + rand.int(0, 90)) * DAY),
			MaxCapacity: maxCapacity,
			WebCapacity: rand.int(Math.floor(maxCapacity / 2), maxCapacity),
			ContentFormat: format,
			IsActive: true,
		};
	});

	const classes: ClassInstance[] = [];
	for (let day = CLASS_WINDOW.from; day <= CLASS_WINDOW.to; day++) {
		const date = anchor + day * DAY;
		for (const schedule of classSchedules) {
			if (!schedule.DaysOfWeek.includes(dayName(date))) continue;
			const id = 5001 + classes.length;
			const booked = rand.int(0, schedule.MaxCapacity);
			// On the wall clock: a site in another zone moves the whole business there after.
			const meeting = meetingOn(schedule, dateOf(date), 'UTC');
			classes.push({
				Id: id,
				ClassScheduleId: schedule.Id,
				ClassDescriptionId: schedule.ClassDescriptionId,
				LocationId: schedule.LocationId,
				StaffId: schedule.StaffId,
				StartDateTime: isoAt(meeting.start),
				EndDateTime: isoAt(meeting.end),
				MaxCapacity: schedule.MaxCapacity,
				WebCapacity: schedule.WebCapacity,
				TotalBooked: booked,
				TotalBookedWaitlist: booked === schedule.MaxCapacity ? rand.int(0, 5) : 0,
				TotalWebBooked: Math.min(schedule.WebCapacity, rand.int(0, booked)),
				IsCanceled: rand.chance(0.03),
				IsSubstitute: rand.chance(0.05),
				Hidden: schedule.Id !== 401 && rand.chance(0.05),
				ContentFormat: schedule.ContentFormat,
				StreamLink:
					schedule.ContentFormat === 'LiveStream:Mindbody-hosted'
						? `https://stream.sandbox.example/classes/${id}`
						: null,
			});
		}
	}
	return { classDescriptions, classSchedules, classes };
}

export function generateEnrollments(
	rand: Random,
	count: number,
	catalogue: BusinessCatalogue,
	staff: Staff[],
	anchor: number,
): Enrollment[] {
	const program = catalogue.programs.find((p) => p.ScheduleType === 'Enrollment')!;
	const fitness = catalogue.categories.filter((category) => category.VerticalId === 1);
	return Array.from({ length: count }, (_, index) => {
		const start = anchor + rand.int(-30, 30) * DAY;
		const startMinutes = rand.int(16, 38) * 30;
		const capacity = rand.int(8, 24);
		return {
			Id: 701 + index,
			Name: ENROLLMENT_NAMES[index % ENROLLMENT_NAMES.length],
			ProgramId: program.Id,
			ServiceCategoryId: rand.pick(fitness).Id,
			LocationId: rand.pick(catalogue.locations).Id,
			StaffId: rand.pick(staff).Id,
			StartDate: dateOf(start),
			EndDate: dateOf(start + rand.int(0, 42) * DAY),
			StartTime: timeOf(startMinutes),
			EndTime: timeOf(startMinutes + rand.pick([90, 120, 180])),
			DaysOfWeek: rand.sample(DAY_NAMES, rand.int(1, 2)),
			Capacity: capacity,
			TotalBooked: rand.int(0, capacity),
			Active: rand.chance(0.85),
		};
	});
}

/** Weekday 09:00–17:00 availability per staff member and location; some schedules are grouped. */
export function generateAvailability(rand: Random, staff: Staff[], anchor: number) {
	const availabilities: AvailabilitySchedule[] = [];
	const unavailabilities: Unavailability[] = [];
	for (const member of staff) {
		const groupId = rand.chance(0.3) ? 1 + Math.floor(availabilities.length / 3) : null;
		for (const locationId of member.LocationIds) {
			availabilities.push({
				Id: 1501 + availabilities.length,
				GroupId: groupId,
				StaffId: member.Id,
				LocationId: locationId,
				DaysOfWeek: [...WEEKDAYS],
				StartTime: '09:00:00',
				EndTime: '17:00:00',
				StartDate: dateOf(anchor - 60 * DAY),
				EndDate: dateOf(anchor + 120 * DAY),
			});
		}
		const day = anchor + rand.int(-10, 20) * DAY;
		unavailabilities.push({
			Id: 1801 + unavailabilities.length,
			StaffId: member.Id,
			StartDateTime: isoAt(day + 12 * HOUR),
			EndDateTime: isoAt(day + 13 * HOUR),
			Description: rand.pick(['Lunch', 'Training', 'Personal time']),
		});
	}
	return { availabilities, unavailabilities };
}

export function generateClosures(rand: Random, count: number, catalogue: BusinessCatalogue, anchor: number): Closure[] {
	const categoryIds = catalogue.categories.map((category) => category.Id);
	return Array.from({ length: count }, (_, index) => {
		// Every other closure lies ahead, so future bookings can run into one.
		const start = anchor + (index % 2 === 0 ? rand.int(5, 60) : rand.int(-90, -1)) * DAY;
		return {
			Id: 901 + index,
			Name: CLOSURE_NAMES[index % CLOSURE_NAMES.length],
			StartDateTime: isoAt(start),
			EndDateTime: isoAt(start + rand.int(1, 3) * DAY - 1000),
			ServiceCategoryIds: rand.chance(0.5) ? categoryIds : rand.sample(categoryIds, 2),
		};
	});
}
