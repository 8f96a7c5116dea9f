import {
	FRONT_DESK,
	findOperation,
	findTask,
	operationOfTask,
	operations,
	operationsOf,
	resources,
} from '../../nodes/shared/catalogue';

/**
 * The catalogue's words as a studio reads them: what each resource opens on, and action labels
 * short enough to name a node on the canvas (n8n names a new node after its action; two canvas
 * lines hold about 41 characters).
 */

const ACTION_MAX = 40;

describe("the catalogue's words", () => {
	test('every resource opens on its everyday read: a GET that changes nothing, so carries no caution', () => {
		// Front Desk's operations are its tasks: it opens on one whose operation is a read.
		const frontDesk = resources.find(({ value }) => value === FRONT_DESK)!;
		const task = findTask(frontDesk.defaultOperation)!;
		expect([
			task.operation,
			operationOfTask(task).method,
			task.toolWarning ?? operationOfTask(task).toolWarning,
		]).toEqual([frontDesk.defaultOperation, 'GET', undefined]);
		const apiResources = resources.filter(({ value }) => value !== FRONT_DESK);
		const withoutRead = apiResources
			.filter(({ value }) => !operationsOf(value).some((op) => op.method === 'GET'))
			.map(({ value }) => value);
		// Every Autopay operation suspends or resumes billing: there is no read to open on.
		expect(withoutRead).toEqual(['autopay']);
		for (const resource of apiResources.filter(({ value }) => !withoutRead.includes(value))) {
			const opens = findOperation(resource.value, resource.defaultOperation);
			expect([resource.value, opens?.method, opens?.toolWarning]).toEqual([resource.value, 'GET', undefined]);
		}
		const autopay = resources.find(({ value }) => value === 'autopay')!;
		expect(findOperation('autopay', autopay.defaultOperation)).toBeDefined();
	});

	test(`action labels say the task in at most ${ACTION_MAX} characters, with no caution in them`, () => {
		const long = operations
			.filter((op) => op.action.length > ACTION_MAX)
			.map((op) => `${op.action.length} ${op.action}`);
		expect(long).toEqual([]);
		expect(operations.filter((op) => /caution/i.test(op.action)).map((op) => op.action)).toEqual([]);
	});

	test('no two operations of a resource share a name or an action label', () => {
		for (const resource of resources) {
			const ops = operationsOf(resource.value);
			expect([resource.value, new Set(ops.map((op) => op.name)).size]).toEqual([resource.value, ops.length]);
			expect([resource.value, new Set(ops.map((op) => op.action)).size]).toEqual([resource.value, ops.length]);
		}
	});

	test('resource names are unique, so the nodes panel groups ("{Resource} Actions") are told apart', () => {
		expect(new Set(resources.map((resource) => resource.name)).size).toBe(resources.length);
	});

	test('values named for the node are among the values offered', () => {
		for (const op of operations) {
			const fieldWords = op.body?.shape ? (op.body.fieldWords ?? {}) : {};
			for (const [field, words] of Object.entries(fieldWords)) {
				for (const value of Object.keys(words.valueNames ?? {}))
					expect([op.operation, field, words.values?.includes(value)]).toEqual([op.operation, field, true]);
			}
		}
	});
});
