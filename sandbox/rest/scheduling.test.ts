import { isPlainText, TEST_START, useSandbox } from '../test/harness';

const h = useSandbox();
const now = Date.parse(TEST_START);

const schedule = (overrides: Record<string, unknown> = {}) => ({
	StaffId: h.site().staff[1].Id,
	LocationId: h.site().staff[1].LocationIds[0],
	DaysOfWeek: ['Saturday'],
	StartTime: '10:00',
	EndTime: '14:00',
	StartDate: '2026-04-01',
	EndDate: '2026-06-30',
	...overrides,
});

describe('availability', () => {
	it('gets schedules by id; unknown ids answer 400 with the found ones', async () => {
		const [a, b] = h.site().availabilities;
		const token = await h.staffToken();
		const answer = await h.call('GET', '/Business/Schedules/Availability', {
			token,
			query: { availabilityId: [a.Id, b.Id] },
		});
		expect(answer.status).toBe(200);
		expect(answer.json).toEqual([
			expect.objectContaining({ Id: a.Id, StaffId: a.StaffId }),
			expect.objectContaining({ Id: b.Id }),
		]);
		const partial = await h.call('GET', '/Business/Schedules/Availability', {
			token,
			query: { availabilityId: [a.Id, 2] },
		});
		expect(partial.status).toBe(400);
		expect(partial.json).toHaveLength(1);
	});

	it('adds schedules (201) with new Ids', async () => {
		const answer = await h.call('POST', '/Business/Schedules/Availability/Add', {
			token: await h.staffToken(),
			body: [schedule()],
		});
		expect(answer.status).toBe(201);
		expect(answer.json[0]).toMatchObject({
			Id: expect.any(Number),
			GroupId: null,
			StartTime: '10:00:00',
			EndTime: '14:00:00',
			DaysOfWeek: ['Saturday'],
		});
		expect(h.site().availabilities.at(-1)!.Id).toBe(answer.json[0].Id);
	});

	it('answers 400 with the schedules as sent, the bad one carrying its errors; nothing stored', async () => {
		const count = h.site().availabilities.length;
		const answer = await h.call('POST', '/Business/Schedules/Availability/Add', {
			token: await h.staffToken(),
			body: [schedule(), schedule({ StartTime: '15:00', EndTime: '09:00' })],
		});
		expect(answer.status).toBe(400);
		expect(answer.json.map((s: { Errors: string[] }) => s.Errors)).toEqual([
			[],
			['EndTime must come after StartTime.'],
		]);
		expect(h.site().availabilities).toHaveLength(count);
	});

	it('groups schedules under one GroupId: existing ones updated, new ones added', async () => {
		const existing = h.site().availabilities[0];
		const answer = await h.call('POST', '/Business/Schedules/Availability/Group', {
			token: await h.staffToken(),
			// GroupId null (ungrouped) is left out: the shared schema takes a positive id or nothing.
			body: [{ ...existing, GroupId: undefined, EndTime: '16:00' }, schedule({ DaysOfWeek: ['Sunday'] })],
		});
		expect(answer.status).toBe(200);
		const groupId = answer.json[0].GroupId;
		expect(groupId).toEqual(expect.any(Number));
		expect(answer.json.map((s: { GroupId: number }) => s.GroupId)).toEqual([groupId, groupId]);
		expect(existing).toMatchObject({ GroupId: groupId, EndTime: '16:00:00' });
		const unknown = await h.call('POST', '/Business/Schedules/Availability/Group', {
			token: await h.staffToken(),
			body: [schedule({ Id: 3 })],
		});
		expect(unknown.status).toBe(400);
	});

	it('Group and Search take schedules without the fields only Add requires', async () => {
		const existing = h.site().availabilities[1];
		const token = await h.staffToken();
		const regroup = await h.call('POST', '/Business/Schedules/Availability/Group', {
			token,
			body: [{ Id: existing.Id }],
		});
		expect(regroup.status).toBe(200);
		expect(regroup.json[0]).toMatchObject({
			Id: existing.Id,
			StartTime: existing.StartTime,
			GroupId: expect.any(Number),
		});
		const newOne = await h.call('POST', '/Business/Schedules/Availability/Group', {
			token,
			body: [{ StaffId: existing.StaffId, LocationId: existing.LocationId, StartTime: '09:00' }],
		});
		expect(newOne.status).toBe(400);
		expect(newOne.json[0].Errors).toEqual(['DaysOfWeek, EndTime, StartDate, EndDate are needed for a new schedule.']);
		const anyTime = await h.call('POST', '/Business/Schedules/Availability/Search', {
			token,
			body: [{ StaffId: existing.StaffId }],
		});
		expect(anyTime.status).toBe(200);
		expect(anyTime.json.length).toBe(h.site().availabilities.filter((a) => a.StaffId === existing.StaffId).length);
	});

	it('searches the schedules of the staff named', async () => {
		const staff = h.site().staff[2];
		const answer = await h.call('POST', '/Business/Schedules/Availability/Search', {
			token: await h.staffToken(),
			body: [
				schedule({
					StaffId: staff.Id,
					LocationId: undefined,
					DaysOfWeek: ['Monday'],
					StartTime: '08:00',
					EndTime: '18:00',
					StartDate: '2026-03-02',
					EndDate: '2026-03-02',
				}),
			],
		});
		expect(answer.status).toBe(200);
		expect(answer.json.length).toBe(
			h.site().availabilities.filter((a) => a.StaffId === staff.Id && a.DaysOfWeek.includes('Monday')).length,
		);
		expect(answer.json.every((s: { StaffId: number }) => s.StaffId === staff.Id)).toBe(true);
		const noStaff = await h.call('POST', '/Business/Schedules/Availability/Search', {
			token: await h.staffToken(),
			body: [schedule({ StaffId: undefined })],
		});
		expect(noStaff.status).toBe(400);
	});
});

describe('classes', () => {
	const hosted = () => h.site().classes.filter((c) => c.ContentFormat === 'LiveStream:Mindbody-hosted');

	it('gets a class instance by query and by path, with capacity fields and program content formats', async () => {
		const instance = h.site().classes.find((c) => !c.Hidden)!;
		const token = await h.staffToken();
		const byQuery = await h.call('GET', '/Business/Schedules/Classes', {
			token,
			query: { classInstanceId: instance.Id },
		});
		const byPath = await h.call('GET', `/Business/Schedules/Classes/${instance.Id}`, { token });
		expect(byQuery.status).toBe(200);
		expect(byPath.json).toEqual(byQuery.json);
		expect(byPath.json).toMatchObject({
			Id: instance.Id,
			MaxCapacity: instance.MaxCapacity,
			TotalBooked: instance.TotalBooked,
			WebCapacity: instance.WebCapacity,
		});
		expect(byPath.json.ClassDescription.Program.ContentFormats[0]).toBe('InPerson');
		const missing = await h.call('GET', '/Business/Schedules/Classes/1', { token });
		expect([missing.status, isPlainText(missing)]).toEqual([404, true]);
	});

	it('hides capacity from consumers while show-open-spaces is off, shows it once it is on', async () => {
		const instance = h.site().classes.find((c) => !c.Hidden)!;
		const consumer = { token: h.sandbox.consumerToken };
		const hidden = await h.call('GET', `/Business/Schedules/Classes/${instance.Id}`, consumer);
		expect(hidden.status).toBe(200);
		for (const field of ['MaxCapacity', 'TotalBooked', 'TotalBookedWaitlist', 'TotalWebBooked', 'WebCapacity']) {
			expect(hidden.json[field]).toBeNull();
		}
		expect((await h.admin('POST', '/business/show-open-spaces', { enabled: true })).status).toBe(200);
		const shown = await h.call('GET', `/Business/Schedules/Classes/${instance.Id}`, consumer);
		expect(shown.json.MaxCapacity).toBe(instance.MaxCapacity);
		await h.admin('POST', '/business/show-open-spaces', { enabled: false });
	});

	it('gives the stream link only for hosted live streams that have not started', async () => {
		const token = await h.staffToken();
		const ahead = hosted().find((c) => Date.parse(c.StartDateTime) > now)!;
		const started = hosted().find((c) => Date.parse(c.StartDateTime) < now)!;
		expect((await h.call('GET', `/Business/Schedules/Classes/${ahead.Id}`, { token })).json.VirtualStreamLink).toBe(
			ahead.StreamLink,
		);
		expect(
			(await h.call('GET', `/Business/Schedules/Classes/${started.Id}`, { token })).json.VirtualStreamLink,
		).toBeNull();
		const inPerson = h.site().classes.find((c) => c.ContentFormat === 'InPerson' && Date.parse(c.StartDateTime) > now)!;
		expect(
			(await h.call('GET', `/Business/Schedules/Classes/${inPerson.Id}`, { token })).json.VirtualStreamLink,
		).toBeNull();
	});

	it('shows hidden classes to staff only', async () => {
		const hiddenClass = h.site().classes.find((c) => c.Hidden)!;
		expect(
			(
				await h.call('GET', `/Business/Schedules/Classes/${hiddenClass.Id}`, {
					token: await h.staffToken(),
				})
			).status,
		).toBe(200);
		expect(
			(
				await h.call('GET', `/Business/Schedules/Classes/${hiddenClass.Id}`, {
					token: h.sandbox.consumerToken,
				})
			).status,
		).toBe(404);
		expect(
			(
				await h.call('GET', `/Business/Schedules/Classes/${hiddenClass.Id}/Location`, {
					token: h.sandbox.consumerToken,
				})
			).status,
		).toBe(403);
	});

	it('gets the short class instance with its location', async () => {
		const instance = h.site().classes[3];
		const answer = await h.call('GET', `/Business/Schedules/Classes/${instance.Id}/Location`, {
			token: await h.staffToken(),
		});
		expect(answer.status).toBe(200);
		expect(answer.json).toMatchObject({
			Id: instance.Id,
			StartDateTime: instance.StartDateTime,
			Location: { Id: instance.LocationId },
		});
		expect(
			(
				await h.call('GET', '/Business/Schedules/Classes/2/Location', {
					token: await h.staffToken(),
				})
			).status,
		).toBe(404);
	});

	it('lists upcoming class schedules; 204 when there are none; a cancelled class drops out', async () => {
		const token = await h.staffToken();
		const answer = await h.call('GET', '/Business/Schedules/Classes/Upcoming', { token });
		expect(answer.status).toBe(200);
		const upcoming = h
			.site()
			.classes.filter(
				(c) =>
					!c.IsCanceled && Date.parse(c.StartDateTime) >= now && Date.parse(c.StartDateTime) <= now + 7 * 86_400_000,
			);
		expect(answer.json.flatMap((s: { Classes: unknown[] }) => s.Classes)).toHaveLength(upcoming.length);
		const location = await h.call('GET', '/Business/Schedules/Classes/Upcoming', {
			token,
			query: { locationId: upcoming[0].LocationId },
		});
		expect(location.json.every((s: { LocationId: number }) => s.LocationId === upcoming[0].LocationId)).toBe(true);
		const none = await h.call('GET', '/Business/Schedules/Classes/Upcoming', {
			token,
			query: { startDateTime: '2030-01-01', endDateTime: '2030-01-02' },
		});
		expect([none.status, none.text]).toEqual([204, '']);
	});
});

describe('enrollments', () => {
	it('defaults to today, filters by comma-delimited categories and the staff-only active flag', async () => {
		const site = h.site();
		const token = await h.staffToken();
		const today = TEST_START.slice(0, 10);
		const running = site.enrollments.filter((e) => e.StartDate <= today && today <= e.EndDate);
		const answer = await h.call('GET', '/Business/Schedules/Enrollments', { token });
		expect(answer.status).toBe(200);
		expect(answer.json.map((e: { Id: number }) => e.Id)).toEqual(running.map((e) => e.Id));
		const wide = { 'request.startDate': '2026-01-01', 'request.endDate': '2026-12-31' };
		const categoryIds = [...new Set(site.enrollments.map((e) => e.ServiceCategoryId))].slice(0, 2);
		const byCategory = await h.call('GET', '/Business/Schedules/Enrollments', {
			token,
			query: { ...wide, 'request.serviceCategoryIds': categoryIds.join(',') },
		});
		expect(byCategory.json.length).toBe(
			site.enrollments.filter((e) => categoryIds.includes(e.ServiceCategoryId)).length,
		);
		const inactive = await h.call('GET', '/Business/Schedules/Enrollments', {
			token,
			query: { ...wide, 'request.active': false },
		});
		expect(inactive.json.every((e: { Active: boolean }) => !e.Active)).toBe(true);
		const consumer = await h.call('GET', '/Business/Schedules/Enrollments', {
			token: h.sandbox.consumerToken,
			query: { ...wide, 'request.active': false },
		});
		expect(consumer.json.every((e: { Active: boolean }) => e.Active)).toBe(true);
	});
});
