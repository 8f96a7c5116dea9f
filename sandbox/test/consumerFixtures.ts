import { MINUTE } from '../data/dates';
import type { AppointmentType, Staff } from '../data/types';
import type { Harness } from './harness';

/** Fixtures of the consumer tests, found in the seeded data rather than assumed. */
export function consumerFixtures(h: Harness) {
	const consumer = () => ({ token: h.sandbox.consumerToken });

	/** A paid consumer type, a staff member offering it (and an add-on, if asked), a location. */
	function offer(withAddOn = false) {
		const site = h.site();
		const addOn = site.appointmentTypes.find((t) => t.IsAddOn)!;
		for (const staff of site.staff) {
			const type = site.appointmentTypes.find(
				(t) => t.Active && t.ConsumerMode && !t.IsAddOn && t.Price > 0 && staff.AppointmentTypeIds.includes(t.Id),
			);
			if (type && (!withAddOn || staff.AppointmentTypeIds.includes(addOn.Id))) {
				return { staff, type, addOn, locationId: staff.LocationIds[0] };
			}
		}
		throw new Error('no offer in the seeded data');
	}

	async function freeRanges(staff: Staff, type: AppointmentType, locationId: number) {
		const answer = await h.call(
			'GET',
			`/Consumer/Schedules/Location/${locationId}/Appointments/StaffBookableTimeRanges`,
			{
				...consumer(),
				query: {
					appointmentTypeId: type.Id,
					staffId: staff.Id,
					start: '2026-03-03',
					end: '2026-03-13',
				},
			},
		);
		return answer.json.StaffBookableTimeRanges as Array<{ StartDateTime: string }>;
	}

	const item = (staff: Staff, type: AppointmentType, start: string) => ({
		StaffReference: { Id: staff.Id },
		AppointmentTypeReference: { Id: type.Id },
		Range: {
			Start: start,
			End: new Date(Date.parse(start) + type.DurationMinutes * MINUTE).toISOString(),
		},
	});

	return { consumer, offer, freeRanges, item };
}
