import { operations } from '../reading/operations';
import { joinTables } from './call';
import { missingHandlers, restHandlers } from './handlers';

describe('handler tables', () => {
	it('hold one handler for each REST operation of the catalogue, and nothing else', () => {
		const keys = operations.filter((op) => op.service === 'rest').map((op) => op.id);
		expect(missingHandlers()).toEqual([]);
		expect(Object.keys(restHandlers).sort()).toEqual(keys.sort());
	});

	it('refuse an operation two tables both serve', () => {
		const serve = () => ({ status: 204 });
		expect(() => joinTables([{ CancelSingleClass: serve }, { AddClientToClass: serve }])).not.toThrow();
		expect(() => joinTables([{ CancelSingleClass: serve }, { CancelSingleClass: serve }])).toThrow(
			'CancelSingleClass has two handlers',
		);
	});
});
