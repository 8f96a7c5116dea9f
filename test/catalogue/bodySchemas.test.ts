import { bodyInput } from '../../nodes/Mindbody/bodies';
import { checkoutFormInput } from '../../nodes/Mindbody/bodies/checkoutForm';
import { v6BodyInput } from '../../nodes/Mindbody/bodies/v6Body';
import { operations } from '../../nodes/shared/catalogue';
import * as schemas from '../../nodes/shared/schemas/bodies';
import { V6_OPERATIONS } from '../../document/facts';
import { bodyModel, type SchemaName } from '../../sandbox/rest/bodyModels';
import { operations as sandboxOperations } from '../../sandbox/reading/operations';
import { V6_COVERED_FACTS } from './v6Coverage';

const bodySchemas = Object.entries(schemas).filter(
	([, value]) => typeof value === 'object' && value !== null && 'safeParse' in value,
);

describe('body kinds are found by their schema value', () => {
	test('each body schema is a value of its own, so a lookup cannot land on another kind', () => {
		// Every one is some listed operation's body: none is left unused, none unseen below.
		const used = new Set<unknown>(operations.map((op) => op.body?.schema));
		expect(bodySchemas.filter(([, schema]) => !used.has(schema)).map(([name]) => name)).toEqual([]);
		expect(new Set(bodySchemas.map(([, schema]) => schema)).size).toBe(bodySchemas.length);
	});

	test('every catalogue body schema is one of the shared ones, with a node reader and a sandbox model', () => {
		const shared = new Set<unknown>(bodySchemas.map(([, schema]) => schema));
		// Bodies of the v6 document are read and bound from its facts (test/catalogue/v6Catalogue).
		const withBody = operations.filter((op) => op.body && !op.body.shape);
		expect(withBody.length).toBeGreaterThan(0);
		const key = (op: (typeof withBody)[number]) => `${op.resource}.${op.operation}`;
		const fails = (lookup: () => unknown) => {
			try {
				lookup();
				return false;
			} catch {
				return true;
			}
		};
		expect(withBody.filter((op) => !shared.has(op.body!.schema)).map(key)).toEqual([]);
		// Each lookup throws when its table lacks the schema: the operations named here have none.
		expect(withBody.filter((op) => fails(() => bodyInput(op.body!))).map(key)).toEqual([]);
		// The sandbox binds each listed REST body it serves to its model, found by the schema's name.
		const rest = sandboxOperations.filter((op) => op.service === 'rest' && op.body && !op.body.shape);
		expect(rest.length).toBeGreaterThan(0);
		expect(rest.filter((op) => fails(() => bodyModel(op.body!.model!))).map((op) => op.id)).toEqual([]);
	});

	test('every id-list body says what its ids name, for the field label', () => {
		const idLists = operations.filter((op) => op.body?.schema === schemas.int64IdList);
		expect(idLists.length).toBeGreaterThan(0);
		for (const { operation, body } of idLists) {
			const label = body?.shape ? undefined : body?.idsLabel;
			expect([operation, label]).toEqual([operation, expect.stringMatching(/ IDs$/)]);
		}
	});

	test('v6 bodies: one schema value per operation, all read by the one reader from the facts but the forms', () => {
		const v6Bodies = operations.filter((op) => op.body?.shape);
		expect(v6Bodies.length).toBe(V6_COVERED_FACTS.filter((facts) => facts.body).length);
		expect(new Set(v6Bodies.map((op) => op.body!.schema)).size).toBe(v6Bodies.length);
		expect(new Set(v6Bodies.map((op) => bodyInput(op.body!)))).toEqual(new Set([v6BodyInput, checkoutFormInput]));
		// A form belongs to its document type: every operation with that body, and only those, gets it.
		const withForm = v6Bodies.filter((op) => bodyInput(op.body!) === checkoutFormInput);
		expect(withForm.map((op) => `${op.resource}.${op.operation}`)).toEqual(['sale.checkout']);
		expect(withForm.map((op) => op.v6)).toEqual([V6_OPERATIONS.CheckoutShoppingCart]);
	});

	test('a schema the node has no reader for, or the sandbox no model for, is refused by name of the problem', () => {
		expect(() => bodyInput({ schema: schemas.int64IdList.optional() })).toThrow(/no reader/);
		expect(() => bodyModel('int64IdListOptional' as SchemaName)).toThrow(/no model/);
	});
});
