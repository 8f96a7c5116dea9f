import type { INodeParameters } from 'n8n-workflow';

import { picked, useNodeSandbox } from './support';

/**
 * Front Desk's pickers narrow each other as a desk fills the form in: Book Appointment's session
 * types are the appointment kinds the staff member picked gives, its locations those where they
 * work in the coming days; Sell Membership's contracts say what they cost and for how long; a
 * pass's label says what is left on it and its expiry before its name. In n8n's engine against
 * the sandbox, through both the searchable list and the plain dropdown methods.
 */
const h = useNodeSandbox({ startAt: Date.now() });

const task = (operation: string, parameters: INodeParameters = {}) => ({
	resource: 'frontDesk',
	operation,
	...parameters,
});
const fullName = (person: { FirstName: string; LastName: string }) => `${person.FirstName} ${person.LastName}`;

describe('Book Appointment: session types and locations follow the staff member picked', () => {
	test('Session Type lists the appointment kinds the staff member gives, and no other; without a staff member it asks for one', async () => {
		const site = h.site();
		const [hana, other] = ['Hana Müller', 'Zoe Brown'].map((name) => site.staff.find((s) => fullName(s) === name)!);
		const kinds = (ids: number[]) =>
			site.appointmentTypes
				.filter((type) => ids.includes(type.Id))
				.map((type) => `${type.Name} (${type.Id})`)
				.sort();
		const form = (staffId: number) => task('bookAppointment', { staffId: picked(staffId) });

		const listed = await h.everyEntry('searchStaffSessionTypes', undefined, form(hana.Id));
		expect(listed.map((entry) => entry.name).sort()).toEqual(kinds(hana.AppointmentTypeIds));
		const loaded = await h.loadOptions('searchStaffSessionTypes', form(other.Id));
		expect(loaded.map((entry) => entry.name).sort()).toEqual(kinds(other.AppointmentTypeIds));
		// The two staff members give different kinds: the list is theirs, not the site's.
		expect(kinds(hana.AppointmentTypeIds)).not.toEqual(kinds(other.AppointmentTypeIds));
		expect(listed.length).toBeLessThan(site.appointmentTypes.length);
		expect(h.calls('staff.getSessionTypes').map((call) => call.path)).toEqual([
			'/staff/sessiontypes',
			'/staff/sessiontypes',
		]);

		await expect(h.listSearch('searchStaffSessionTypes', undefined, task('bookAppointment'))).rejects.toThrow(
			'Fill in Staff Member first: this list depends on it',
		);
	});

	test('Location lists where the staff member has availability in the coming days, each once', async () => {
		const site = h.site();
		const today = new Date().toISOString().slice(0, 10);
		const until = new Date(Date.now() + 14 * 24 * 3600 * 1000).toISOString().slice(0, 10);
		// Each schedule's days overlapping the next two weeks: the staff member works there then.
		const worksAt = (staffId: number) =>
			new Set(
				site.availabilities
					.filter((a) => a.StaffId === staffId && a.DaysOfWeek.length > 0)
					.filter((a) => a.StartDate.slice(0, 10) <= until && a.EndDate.slice(0, 10) >= today)
					.map((a) => a.LocationId),
			);
		const staff = site.staff.filter((s) => s.Active && s.AppointmentTypeIds.length && worksAt(s.Id).size);
		expect(staff.length).toBeGreaterThan(1);
		// Some work at fewer places than the site has: the list is theirs, not the site's.
		const places = site.locations.filter((l) => l.Active).length;
		expect(staff.slice(0, 3).some((member) => worksAt(member.Id).size < places)).toBe(true);
		for (const member of staff.slice(0, 3)) {
			const entries = await h.everyEntry(
				'searchStaffLocations',
				undefined,
				task('bookAppointment', { staffId: picked(member.Id) }),
			);
			const expected = site.locations.filter((l) => worksAt(member.Id).has(l.Id)).map((l) => `${l.Name} (${l.Id})`);
			expect([fullName(member), entries.map((e) => e.name).sort()]).toEqual([fullName(member), expected.sort()]);
		}
		const loaded = await h.loadOptions(
			'searchStaffLocations',
			task('bookAppointment', { staffId: picked(staff[0].Id) }),
		);
		expect(new Set(loaded.map((e) => e.value)).size).toBe(loaded.length);
	});
});

describe('labels a desk reads at a glance', () => {
	test("Sell Membership's contracts say what each costs and for how long", async () => {
		const contracts = h.site().saleRecords.contracts;
		const entries = await h.everyEntry('searchContracts', undefined, task('sellMembership'));
		expect(entries.map((e) => e.name).sort()).toEqual(
			contracts
				.map((c) => {
					const first = c.FirstPayment === c.RecurringPayment ? '' : `, ${c.FirstPayment.toFixed(2)} first`;
					return `${c.Name} · ${c.RecurringPayment.toFixed(2)} a month × ${c.NumberOfAutopays}${first} (${c.Id})`;
				})
				.sort(),
		);
	});

	test("a pass's label says what is left and its expiry before a long name", async () => {
		const site = h.site();
		const today = new Date().toISOString().slice(0, 10);
		const service = site.clientServices.find((s) => s.ExpirationDate >= today && s.Remaining > 0)!;
		const client = site.clients.find((c) => c.Id === service.ClientId)!;
		service.Name = 'Hot Vinyasa Flow and Yin Restore 20-Session Pass';
		const entries = await h.everyEntry(
			'searchClientServices',
			undefined,
			task('bookClass', { clientId: picked(client.ClientId) }),
		);
		const label = entries.find((e) => e.value === String(service.Id))!.name;
		const expiry = new Date(`${service.ExpirationDate.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-GB', {
			day: 'numeric',
			month: 'short',
			year: 'numeric',
			timeZone: 'UTC',
		});
		// What is left and the expiry first: a list that cuts the label at its width cuts the name.
		expect(label).toBe(`${service.Remaining} of ${service.Count} left · until ${expiry} · ${service.Name}`);
	});
});
