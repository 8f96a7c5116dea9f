import * as nodeFacts from '../../nodes/shared/v6Document/facts';
import * as sandboxFacts from '../../sandbox/spec/v6Facts';

/**
 * `npm run v6:facts` writes the v6 document's facts twice, one copy for the node's build and one
 * for the sandbox: both come from one run of the script, so they hold the same facts.
 */
describe('the two copies of the v6 facts', () => {
	test('name the same operations with the same facts', () => {
		expect(Object.keys(sandboxFacts.V6_OPERATIONS).length).toBeGreaterThan(100);
		expect(sandboxFacts.V6_OPERATIONS).toEqual(nodeFacts.V6_OPERATIONS);
	});

	test('hold the same types', () => {
		expect(Object.keys(sandboxFacts.V6_TYPES).length).toBeGreaterThan(100);
		expect(sandboxFacts.V6_TYPES).toEqual(nodeFacts.V6_TYPES);
	});
});
