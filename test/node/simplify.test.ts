import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useNodeSandbox } from './support';

/** Simplify keeps what a person acts on, compared with the full records of the same run. */
const h = useNodeSandbox();

/** The same operation with Simplify off and on: the full records, and the simplified ones, in order. */
async function bothWays(resource: string, operation: string, filters: INodeParameters = {}) {
	const parameters = { resource, operation, filters, returnAll: true };
	const full = await h.run({ ...parameters, simplify: false });
	const simple = await h.run({ ...parameters, simplify: true });
	expect([full.status, simple.status]).toEqual(['success', 'success']);
	expect(simple.jsonItems.length).toBe(full.jsonItems.length);
	expect(full.jsonItems.length).toBeGreaterThan(0);
	return { full: full.jsonItems, simple: simple.jsonItems };
}

const nested = (record: IDataObject, key: string) => (record[key] ?? {}) as IDataObject;

describe('Simplify', () => {
	test('clients: Id, names, e-mail, mobile phone, status and whether active', async () => {
		const { full, simple } = await bothWays('client', 'getMany');
		expect(simple).toEqual(
			full.map((c) => ({
				Id: c.Id,
				FirstName: c.FirstName,
				LastName: c.LastName,
				Email: c.Email,
				MobilePhone: c.MobilePhone,
				Status: c.Status,
				Active: c.Active,
			})),
		);
		expect(simple.some((c) => typeof c.Email === 'string' && c.Email !== '')).toBe(true);
	});

	test('classes: times, name, teacher, location, whether cancelled and the places left', async () => {
		const { full, simple } = await bothWays('class', 'getMany', {
			startDateTime: '2026-03-02',
			endDateTime: '2026-03-08',
		});
		expect(simple).toEqual(
			full.map((c) => ({
				Id: c.Id,
				Name: nested(c, 'ClassDescription').Name,
				StartDateTime: c.StartDateTime,
				EndDateTime: c.EndDateTime,
				StaffId: nested(c, 'Staff').Id,
				StaffName: nested(c, 'Staff').Name,
				LocationId: nested(c, 'Location').Id,
				LocationName: nested(c, 'Location').Name,
				IsCanceled: c.IsCanceled,
				SpotsLeft: Math.max(0, (c.MaxCapacity as number) - (c.TotalBooked as number)),
			})),
		);
	});

	test('appointments: times, status, client, session type, staff and location', async () => {
		const { full, simple } = await bothWays('appointment', 'search', {
			startDate: '2026-02-01',
			endDate: '2026-04-30',
		});
		const staffName = (a: IDataObject) => {
			const staff = nested(a, 'Staff');
			return staff.DisplayName || `${String(staff.FirstName)} ${String(staff.LastName)}`;
		};
		expect(simple).toEqual(
			full.map((a) => ({
				Id: a.Id,
				StartDateTime: a.StartDateTime,
				EndDateTime: a.EndDateTime,
				Status: a.Status,
				ClientId: a.ClientId,
				SessionTypeId: a.SessionTypeId,
				StaffId: a.StaffId,
				StaffName: staffName(a),
				LocationId: a.LocationId,
			})),
		);
	});

	test('sales: date, client, location, the items bought and the total', async () => {
		const { full, simple } = await bothWays('sale', 'getMany', {
			startSaleDateTime: '2025-01-01',
			endSaleDateTime: '2026-12-31',
		});
		expect(simple).toEqual(
			full.map((s) => {
				const items = s.PurchasedItems as IDataObject[];
				const total = items.reduce((sum, item) => sum + (item.TotalAmount as number), 0);
				return {
					Id: s.Id,
					SaleDateTime: s.SaleDateTime,
					ClientId: s.ClientId,
					LocationId: s.LocationId,
					Items: items.map((item) => `${String(item.Description)} × ${String(item.Quantity)}`),
					Total: Math.round(total * 100) / 100,
				};
			}),
		);
		expect(simple.some((s) => (s.Items as string[]).length > 0)).toBe(true);
	});
});
