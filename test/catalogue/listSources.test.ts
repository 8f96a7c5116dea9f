import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import { bodyInput } from '../../nodes/Mindbody/bodies';
import { LISTS, operations, pickedLabel, type ListSource } from '../../nodes/shared/catalogue';
import { allFields } from '../support/nodeFields';

/** Dropdowns are wired by value: a field's list, the GET that serves it, and the node method it names. */
const node = new Mindbody();
const fields = allFields([
	...node.description.properties,
	...operations.flatMap((operation) => (operation.body ? bodyInput(operation.body).properties(operation) : [])),
]);
const methodsNamed = fields.flatMap((field) => [
	...(field.typeOptions?.loadOptionsMethod ? [field.typeOptions.loadOptionsMethod] : []),
	...(field.modes ?? []).flatMap((mode) =>
		mode.typeOptions?.searchListMethod ? [mode.typeOptions.searchListMethod] : [],
	),
]);
const lists: ListSource[] = Object.values(LISTS);

describe('dropdown lists', () => {
	test('a picked field is labelled by the thing it picks: the ID wording dropped, a staff ID a staff member', () => {
		const labels = ['Client ID', 'Staff ID', 'Assigned To Staff ID', 'Session Type ID', 'Pricing Option'];
		expect(labels.map(pickedLabel)).toEqual([
			'Client',
			'Staff Member',
			'Assigned To Staff Member',
			'Session Type',
			'Pricing Option',
		]);
		// A label already naming the thing stays; a list of IDs is no single picker.
		expect(['Staff Member', 'Client', 'Client IDs'].map(pickedLabel)).toEqual(['Staff Member', 'Client', 'Client IDs']);
	});

	test('each list is served by exactly one GET that needs no path value', () => {
		for (const list of lists) {
			const servers = operations.filter((operation) => operation.serves === list);
			expect([list.method, servers.length]).toEqual([list.method, 1]);
			expect([list.method, servers[0].method, servers[0].path.includes('{')]).toEqual([list.method, 'GET', false]);
		}
	});

	test('every list a parameter picks from is one of the lists (an object made elsewhere would have no server)', () => {
		const picked = operations.flatMap((operation) => operation.params.flatMap((param) => param.listSource ?? []));
		expect(picked.length).toBeGreaterThan(20);
		for (const list of picked) expect(lists).toContain(list);
	});

	test('the node registers one listSearch and one loadOptions method per list, and fields name only those', () => {
		const names = lists.map((list) => list.method).sort();
		expect(new Set(names).size).toBe(lists.length);
		expect(Object.keys(node.methods.listSearch).sort()).toEqual(names);
		expect(Object.keys(node.methods.loadOptions).sort()).toEqual(names);
		expect(methodsNamed.length).toBeGreaterThan(20);
		for (const method of methodsNamed) expect(names).toContain(method);
		// Every list is offered somewhere.
		expect([...new Set(methodsNamed)].sort()).toEqual(names);
	});
});
