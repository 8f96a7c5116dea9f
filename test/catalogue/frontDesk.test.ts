import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import { inputPlaces } from '../../nodes/Mindbody/bodies/inputPlaces';
import { taskFields } from '../../nodes/Mindbody/description/taskFields';
import {
	FRONT_DESK,
	findOperation,
	LISTS,
	laterReadsOfTask,
	operationOfTask,
	operations,
	resources,
	tasks,
	type Task,
	type TaskPickedOwner,
} from '../../nodes/shared/catalogue';
import { V6_OPERATIONS, V6_TYPES } from '../../document/facts';
import { allFields } from '../support/nodeFields';

/**
 * Front Desk's tasks as data: each names one operation of the catalogue and only inputs it takes,
 * asks for everything it needs, and is worded as the operations are.
 */
const properties = new Mindbody().description.properties;

const inputsNamed = (task: Task) => [
	...(task.ask ?? []).map((entry) => entry.input),
	...Object.keys(task.fixed ?? {}),
	...(task.switches ?? []).map((entry) => entry.input),
	...(task.more === 'all' ? [] : (task.more ?? [])),
];

describe('Front Desk tasks', () => {
	test('each sends one operation of the catalogue (Client Summary then reads two more), and no two share an operation value, a name or an action', () => {
		for (const task of tasks) {
			const sent = operations.filter((op) => `${op.resource}.${op.operation}` === task.sends);
			expect([task.operation, sent.length]).toEqual([task.operation, 1]);
			expect(operationOfTask(task)).toBe(sent[0]);
			// What it reads after that only reads: README's task table lists it beside the one it sends.
			for (const later of Object.values(laterReadsOfTask(task)))
				expect([task.operation, later.method]).toEqual([task.operation, 'GET']);
		}
		expect(tasks.filter((task) => task.thenReads).map((task) => task.operation)).toEqual(['clientSummary']);
		for (const key of ['operation', 'name', 'action'] as const) {
			expect(new Set(tasks.map((task) => task[key])).size).toBe(tasks.length);
		}
		// A task is not an operation: the sandbox, README's table and the wire tests know none of them.
		expect(operations.some((op) => op.resource === FRONT_DESK)).toBe(false);
	});

	test('every input a task names is one its operation takes, named once', () => {
		for (const task of tasks) {
			const places = inputPlaces(operationOfTask(task));
			const named = inputsNamed(task);
			expect([task.operation, named.filter((input) => !places.has(input))]).toEqual([task.operation, []]);
			expect([task.operation, new Set(named).size]).toEqual([task.operation, named.length]);
		}
	});

	test('a task asks for or sets every input its operation needs, and each of its fields is shown', () => {
		for (const task of tasks) {
			const fields = taskFields(task);
			const places = inputPlaces(operationOfTask(task));
			const settled = new Set([...Object.keys(task.fixed ?? {}), ...(task.switches ?? []).map((s) => s.input)]);
			for (const [input, place] of places) {
				// A task that asks for nothing in particular shows its operation's own form, which decides.
				if (!task.ask || place.collection || settled.has(input)) continue;
				const field = fields.find((f) => f.name === place.name);
				expect([task.operation, input, field?.required]).toEqual([task.operation, input, true]);
			}
			for (const field of fields) {
				expect(field.displayOptions).toEqual({ show: { resource: [FRONT_DESK], operation: [task.operation] } });
			}
		}
	});

	test("Sell shows Sale → Checkout's own fields, whatever form they take, with Location moved on top", () => {
		const sell = tasks.find((task) => task.operation === 'sell')!;
		const checkout = properties.filter(
			(p) =>
				p.displayOptions?.show?.resource?.includes('sale') === true &&
				p.displayOptions.show.operation?.includes('checkout') === true &&
				!['toolDescription', 'options'].includes(p.name),
		);
		const withoutShow = ({ displayOptions: _shown, ...field }: INodeProperties) => field;
		expect(checkout.length).toBeGreaterThan(0);
		const shown = taskFields(sell).map(withoutShow);
		// Location, which sets the prices, comes out of Additional Fields to below the client.
		expect(shown[1]).toMatchObject({ name: 'locationId', displayName: 'Location', type: 'resourceLocator' });
		const additional = (fields: Array<Partial<INodeProperties>>) =>
			fields.find((field) => field.name === 'additionalFields')!.options as INodeProperties[];
		const moved = additional(checkout).find((option) => option.name === 'locationId')!;
		expect(additional(shown).map((option) => option.name)).toEqual(
			additional(checkout)
				.filter((option) => option !== moved)
				.map((option) => option.name),
		);
		expect(shown.filter((field) => field.name !== 'locationId' && field.name !== 'additionalFields')).toEqual(
			checkout.map(withoutShow).filter((field) => field.name !== 'additionalFields'),
		);
	});

	test('the fields a task asks for come first, in its order; what it sets is not shown', () => {
		const fields = taskFields(tasks.find((task) => task.operation === 'bookAppointment')!);
		expect(fields.map((field) => [field.name, field.type])).toEqual([
			['clientId', 'resourceLocator'],
			['staffId', 'resourceLocator'],
			['sessionTypeId', 'resourceLocator'],
			['locationId', 'resourceLocator'],
			['startDateTime', 'resourceLocator'],
			['additionalFields', 'collection'],
		]);
		const cancel = taskFields(tasks.find((task) => task.operation === 'cancelAppointment')!);
		expect(cancel.map((field) => field.name)).toEqual(['clientId', 'appointmentId', 'lateCancel', 'additionalFields']);
		const options = (cancel[3].options as INodeProperties[]).map((option) => option.name);
		expect(options).not.toContain('execute');
		expect(options).toEqual(expect.arrayContaining(['sendEmail', 'notes', 'test']));
	});

	test('a date the task asks for at the top is one the operation requires (an optional one stays in its collection)', () => {
		// Left empty at the top, an optional date could not be told from one the date picker could not read.
		for (const task of tasks) {
			const places = inputPlaces(operationOfTask(task));
			for (const entry of task.ask ?? []) {
				const place = places.get(entry.input)!;
				expect([task.operation, entry.input, place.dateTime && place.collection !== undefined]).toEqual([
					task.operation,
					entry.input,
					false,
				]);
			}
		}
	});

	test("fields of the task's own (narrowing pickers, switches) are none its operation reads", () => {
		for (const task of tasks) {
			const read = new Set(
				[...inputPlaces(operationOfTask(task)).values()].flatMap((place) => [place.name, place.collection ?? '']),
			);
			const own = [...(task.narrow ?? []), ...(task.switches ?? [])].map((field) => field.name);
			expect([task.operation, own.filter((name) => read.has(name))]).toEqual([task.operation, []]);
		}
	});

	test('what a task sets is a value its field offers', () => {
		for (const task of tasks) {
			const operation = operationOfTask(task);
			const values = [
				...Object.entries(task.fixed ?? {}),
				...(task.switches ?? []).flatMap((s) => [
					[s.input, s.on],
					[s.input, s.off],
				]),
			];
			for (const [input, value] of values) {
				const words = operation.body?.shape ? operation.body.fieldWords?.[String(input)] : undefined;
				if (typeof value === 'string') expect([input, words?.values]).toEqual([input, expect.arrayContaining([value])]);
				else expect([input, typeof value]).toEqual([input, 'boolean']);
			}
		}
	});

	test('every list a task picks from is one of the lists, and the lists it follows are fields of the task', () => {
		const lists = Object.values(LISTS);
		for (const task of tasks) {
			const fields = allFields(taskFields(task));
			const picks = [
				...(task.ask ?? []).flatMap((e) => e.listSource ?? []),
				...(task.narrow ?? []).map((n) => n.listSource),
			];
			for (const list of picks) {
				expect(lists).toContain(list);
				for (const { field, label } of Object.values(list.follows ?? {})) {
					expect([task.operation, list.method, fields.some((f) => f.name === field)]).toEqual([
						task.operation,
						list.method,
						true,
					]);
					// "Fill in … first" names the field as it shows.
					expect([task.operation, fields.find((f) => f.name === field)?.displayName]).toEqual([task.operation, label]);
				}
			}
		}
	});

	test("each task's action says how it differs from its operation's: not the same words in another order", () => {
		// "Get client's visits" and "Get visits of client" would list as twins in the editor's actions.
		const words = (action: string) =>
			[
				...new Set(
					action
						.toLowerCase()
						.replace(/'s\b/g, '')
						.split(/[^a-z]+/),
				),
			]
				.filter((word) => word && !['of', 'in', 'to', 'into'].includes(word))
				.sort()
				.join(' ');
		const twins = tasks
			.map((task) => [task.action, operationOfTask(task)!.action])
			.filter(([desk, operation]) => words(desk) === words(operation));
		expect(twins).toEqual([]);
	});

	test('names and actions read as the operations do: short, no caution, sentence case, no articles', () => {
		for (const task of tasks) {
			expect([task.action, task.action.length <= 40]).toEqual([task.action, true]);
			expect(task.action).not.toMatch(/caution|\b(a|an|the)\b/i);
			expect(task.action).toMatch(/^[A-Z][^A-Z]*$/);
			expect(task.name).not.toMatch(/\(/);
			expect(task.description).toMatch(/^[A-Z]/);
		}
	});

	test("the node lists Front Desk first, opening on Find Client, a read, its tasks in a desk's order; its actions carry the task caution in the description", () => {
		const resource = properties.find((p) => p.name === 'resource')!;
		expect((resource.options as INodePropertyOptions[])[0]).toMatchObject({ value: FRONT_DESK, name: 'Front Desk' });
		// Saved workflows keep the resource they had: the default is unchanged.
		expect(resource.default).toBe('appointment');
		const operation = properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(FRONT_DESK),
		)!;
		expect(operation.default).toBe('findClient');
		expect(resources.find((r) => r.value === FRONT_DESK)?.defaultOperation).toBe('findClient');
		const options = operation.options as Array<INodePropertyOptions & { action: string }>;
		// In the order a desk meets them, not by name: the client found first, the reads last.
		expect(options.map((o) => o.name)).toEqual([
			'Find Client',
			'Add Client',
			'Update Client',
			'Check In',
			'Book Class',
			'Cancel Class Booking',
			'Add to Waitlist',
			'Remove from Waitlist',
			'Book Appointment',
			'Cancel Appointment',
			'Sell',
			'Sell Membership',
			"Get Client's Visits",
			"Get Client's Purchases",
			"Get Client's Memberships",
			'Client Summary',
		]);
		// The other resources' operations stay by name.
		const appointment = properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes('appointment'),
		)!;
		const names = (appointment.options as INodePropertyOptions[]).map((o) => o.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		const waitlist = options.find((o) => o.value === 'addToWaitlist')!;
		expect(waitlist.description).toMatch(/Caution: books the client into the class when it has places left\.$/);
		const find = options.find((o) => o.value === 'findClient')!;
		expect(find.description).not.toMatch(/Caution/);
	});
});

test("n8n's node search finds the node by each task's name (the codex aliases)", () => {
	const codex = JSON.parse(readFileSync(join(__dirname, '../../nodes/Mindbody/Mindbody.node.json'), 'utf8')) as {
		alias: string[];
	};
	const said = (task: Task) => task.name.toLowerCase().replace(/^get /, '').replace(/'s\b/, '');
	expect(tasks.map(said).filter((words) => !codex.alias.includes(words))).toEqual([]);
	expect(codex.alias).toContain('front desk');
	// Appointment requests are approved or declined: a studio looks for the word it uses.
	expect(codex.alias).toEqual(expect.arrayContaining(['approve', 'appointment request']));
});

test('a picked record is read back by an ID parameter its read takes, against fields the task narrows by', () => {
	const checked = tasks.filter((task) => task.pickedOwner && !('owner' in task.pickedOwner));
	expect(checked.map((task) => task.operation).sort()).toEqual(['cancelAppointment', 'removeFromWaitlist']);
	for (const task of checked) {
		const check = task.pickedOwner as TaskPickedOwner;
		const [resource, name] = check.reads.split('.');
		const reads = findOperation(resource, name)!;
		expect([task.operation, reads.method, reads.params.some((param) => param.name === check.byIds)]).toEqual([
			task.operation,
			'GET',
			true,
		]);
		expect(task.ask?.map((entry) => entry.input)).toContain(check.input);
		for (const field of Object.keys(check.owners)) {
			expect(task.narrow?.map((narrower) => narrower.name)).toContain(field);
		}
	}
});

test("a record looked for among its owner's is read by a parameter its read takes, from a field the task asks", () => {
	const checked = tasks.flatMap((task) =>
		task.pickedOwner && 'owner' in task.pickedOwner ? [{ task, check: task.pickedOwner }] : [],
	);
	expect(checked.map(({ task }) => task.operation)).toEqual(['bookClass']);
	for (const { task, check } of checked) {
		const [resource, name] = check.reads.split('.');
		const reads = findOperation(resource, name)!;
		const params = reads.params.map((param) => param.name);
		expect([reads.method, params.includes(check.owner.param)]).toEqual(['GET', true]);
		for (const param of Object.keys(check.query ?? {})) expect(params).toContain(param);
		const offered = [
			...(task.ask ?? []).map((entry) => entry.input),
			...(task.more === 'all' ? [] : (task.more ?? [])),
		];
		expect(offered).toContain(check.input);
		expect(task.ask?.map((entry) => entry.input.replace(/^\w/, (c) => c.toLowerCase()))).toContain(check.owner.field);
	}
});

test('each entry names the hooks its data asks for, and no other', () => {
	const named = (hooks: Task['hooks']) => [
		...(hooks?.instead ? [hooks.instead] : []),
		...(hooks?.before ?? []),
		...(hooks?.answer ? [hooks.answer] : []),
		...(hooks?.after ?? []),
		...(hooks?.failed ? [hooks.failed] : []),
	];
	for (const task of tasks) {
		// A sale with a Location on top: what the place sells and at which price is checked and said.
		const placedSale =
			task.onTop?.some((entry) => entry.input === 'LocationId') &&
			V6_TYPES[operationOfTask(task).body?.shape?.type ?? ''] === V6_TYPES.CheckoutShoppingCartRequest;
		const wanted = [
			...(placedSale ? ['soldWhere', 'onlinePriceNote'] : []),
			...(task.thenReads ? ['clientSummary'] : []),
			...(task.pickedOwner ? ['pickedOwner'] : []),
			...(task.pickedFor ? ['pickedFor'] : []),
			...(task.pickedBooking ? ['pickedBooking'] : []),
			...(task.whenEmpty ? ['emptyInputNotices'] : []),
		];
		expect([task.operation, named(task.hooks).sort()]).toEqual([task.operation, wanted.sort()]);
	}
	const cart = V6_TYPES.CheckoutShoppingCartRequest;
	for (const operation of operations) {
		const wanted = [
			...(operation.body?.shape && V6_TYPES[operation.body.shape.type] === cart ? ['soldItemNames'] : []),
			...(operation.v6 === V6_OPERATIONS.AddClientToClass ? ['endedClassWarning'] : []),
		];
		const id = `${operation.resource}.${operation.operation}`;
		expect([id, named(operation.hooks)]).toEqual([id, wanted]);
	}
	expect(operations.filter((operation) => operation.hooks).length).toBe(2);
});
