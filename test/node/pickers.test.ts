import { DateTime } from 'luxon';
import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import { CLASS_PICKER_DAYS } from '../../nodes/shared/catalogue/listSources';

import { useNodeSandbox } from './support';

/**
 * The class and client pickers as a person meets them in the editor. The sandbox's clock is the
 * real time here: the node reads "now" from the machine, as it does against Mindbody.
 */
const h = useNodeSandbox({ startAt: Date.now() });

const DAY = 24 * 60 * 60 * 1000;
const ADD_CLIENT: INodeParameters = { resource: 'class', operation: 'addClient' };

const everyEntry = (method: string, filter?: string, parameters: INodeParameters = ADD_CLIENT) =>
	h.everyEntry(method, filter, parameters);

/** The classes of the next days as Class → Get Many returns them. */
async function classesAhead(days: number): Promise<IDataObject[]> {
	const today = DateTime.utc().startOf('day');
	const result = await h.run({
		resource: 'class',
		operation: 'getMany',
		returnAll: true,
		simplify: false,
		filters: { startDateTime: today.minus({ days: 1 }).toISODate(), endDateTime: today.plus({ days }).toISODate() },
	});
	expect(result.status).toBe('success');
	return result.jsonItems;
}

const startOf = (record: IDataObject) => Date.parse(String(record.StartDateTime));

/** How the picker labels a class: day, time, name, teacher, places left. */
function classLabel(record: IDataObject): string {
	const start = DateTime.fromISO(String(record.StartDateTime), { setZone: true });
	const left = Number(record.MaxCapacity) - Number(record.TotalBooked);
	const spots = record.IsCanceled ? 'cancelled' : left <= 0 ? 'full' : `${left} ${left === 1 ? 'spot' : 'spots'}`;
	const name = (record.ClassDescription as IDataObject).Name;
	const teacher = (record.Staff as IDataObject).Name;
	return `${start.toFormat('ccc d LLL HH:mm', { locale: 'en' })} · ${String(name)} · ${String(teacher)} · ${spots}`;
}

describe('class picker', () => {
	test('lists the classes from now over the next 14 days, in start order, each labelled for a person', async () => {
		const now = Date.now();
		const ahead = (await classesAhead(16)).filter((c) => startOf(c) > now);
		// Pages of 20 at most: the picker reads on as the editor scrolls.
		h.sandbox.state.maxPageSize = 20;
		h.sandbox.log.clear();
		const entries = await everyEntry('searchClasses').finally(() => (h.sandbox.state.maxPageSize = undefined));
		expect(h.calls('class.getMany').length).toBeGreaterThan(2);
		const byId = new Map(ahead.map((c) => [String(c.Id), c]));

		// More than today's: a class tomorrow is there, and none has started.
		const tomorrow = ahead.find((c) => startOf(c) > now + DAY && startOf(c) < now + 2 * DAY)!;
		expect(entries.map((e) => e.value)).toContain(String(tomorrow.Id));
		const listed = entries.map((entry) => byId.get(String(entry.value)));
		expect(listed.every((c) => c !== undefined)).toBe(true);
		const starts = listed.map((c) => startOf(c!));
		expect(starts.every((start) => start > now && start < now + 15 * DAY)).toBe(true);
		expect(starts).toEqual([...starts].sort((a, b) => a - b));
		// Every class of the coming 13 days (well inside the window in any time zone) is offered.
		const soon = ahead.filter((c) => startOf(c) < now + 13 * DAY).map((c) => String(c.Id));
		expect(soon.length).toBeGreaterThan(30);
		expect(entries.map((e) => e.value)).toEqual(expect.arrayContaining(soon));
		for (const entry of entries) expect(entry.name).toBe(classLabel(byId.get(String(entry.value))!));
	});

	test('the search box filters the list read by name, day and time', async () => {
		const now = Date.now();
		const ahead = (await classesAhead(16)).filter((c) => startOf(c) > now && startOf(c) < now + 13 * DAY);
		const sample = ahead[ahead.length >> 1];
		const name = String((sample.ClassDescription as IDataObject).Name);
		const byName = await everyEntry('searchClasses', name.toLowerCase());
		const named = ahead.filter((c) => (c.ClassDescription as IDataObject).Name === name).map((c) => String(c.Id));
		expect(byName.map((e) => e.value)).toEqual(expect.arrayContaining(named));
		expect(byName.every((e) => e.name.includes(` · ${name} · `))).toBe(true);

		const start = DateTime.fromISO(String(sample.StartDateTime), { setZone: true });
		const dayAndTime = `${start.toFormat('ccc', { locale: 'en' })} ${start.toFormat('HH:mm')}`;
		const found = await everyEntry('searchClasses', dayAndTime);
		expect(found.map((e) => e.value)).toContain(String(sample.Id));
		expect(found.every((e) => e.name.startsWith(start.toFormat('ccc', { locale: 'en' })))).toBe(true);
		expect(found.every((e) => e.name.includes(` ${start.toFormat('HH:mm')} · `))).toBe(true);
		expect(found.length).toBeLessThan(ahead.length);
	});

	test('Options offers Class Picker Days (14 by default) where a class is picked, and nowhere else', () => {
		const offering = new Set<string>();
		for (const property of new Mindbody().description.properties) {
			if (property.name !== 'options') continue;
			const option = (property.options as INodeProperties[]).find((o) => o.name === 'classPickerDays');
			if (!option) continue;
			expect(option.default).toBe(CLASS_PICKER_DAYS.days);
			const show = property.displayOptions!.show!;
			for (const operation of show.operation as string[]) offering.add(`${String(show.resource![0])}.${operation}`);
		}
		expect(offering).toContain('class.addClient');
		expect(offering).toContain('class.getMany');
		expect(offering).not.toContain('client.getMany');
	});

	test("the node's option sets how many days ahead the picker reaches", async () => {
		const now = Date.now();
		const entries = await everyEntry('searchClasses', undefined, {
			...ADD_CLIENT,
			options: { classPickerDays: 2 },
		});
		const ahead = new Map((await classesAhead(4)).map((c) => [String(c.Id), c]));
		expect(entries.length).toBeGreaterThan(0);
		for (const entry of entries) {
			const start = startOf(ahead.get(String(entry.value))!);
			expect(start > now && start < now + 3 * DAY).toBe(true);
		}
		expect(entries.length).toBeLessThan((await everyEntry('searchClasses')).length);
	});

	test('the multi-select of classes offers the same classes, in start order', async () => {
		const options = await h.loadOptions('searchClasses', { resource: 'class', operation: 'getMany' });
		const searched = await everyEntry('searchClasses', undefined, { resource: 'class', operation: 'getMany' });
		expect(options.map((o) => o.value)).toEqual(searched.slice(0, options.length).map((e) => e.value));
	});
});

describe('client picker', () => {
	test('two clients of one name are told apart by their e-mail', async () => {
		for (const email of ['noor.haddad@example.com', 'n.haddad@example.org']) {
			const created = await h.run({
				resource: 'client',
				operation: 'create',
				firstName: 'Noor',
				lastName: 'Haddad',
				additionalFields: { email },
			});
			expect(created.status).toBe('success');
		}
		const found = await everyEntry('searchClients', 'Noor Haddad');
		expect(found.map((e) => e.name).sort()).toEqual([
			'Noor Haddad · n.haddad@example.org',
			'Noor Haddad · noor.haddad@example.com',
		]);
	});
});
