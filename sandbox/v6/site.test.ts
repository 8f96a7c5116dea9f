import { operations } from '../reading/operations';
import { DAY, dateOf } from '../data/dates';
import { PAYMENT_METHODS } from '../data/names';
import { TEST_START, useSandbox, type Answer, type CallOptions } from '../test/harness';
import { siteV6Handlers } from '../rest/v6/site';
import { CLASS_SESSION_TYPE_BASE } from '../rest/v6/siteViews';
import { shapeProblems } from './shapes';

const h = useSandbox();
const now = Date.parse(TEST_START);

const opOf = (key: string) => operations.find((op) => op.id === key)!;

async function v6(key: string, options: CallOptions = {}): Promise<Answer> {
	const op = opOf(key);
	const token = options.token ?? (op.userToken ? await h.staffToken() : undefined);
	const answer = await h.call(op.method, op.path, { ...options, token });
	if (answer.status < 300 && op.v6!.answer && answer.json !== undefined)
		expect([key, shapeProblems(op.v6!.answer, answer.json)]).toEqual([key, []]);
	return answer;
}

const ids = (rows: Array<{ Id: number }>) => rows.map((row) => row.Id);

describe('v6 site lists: every operation', () => {
	it('answers each site operation once in the document shape', async () => {
		const called: string[] = [];
		const run = async (key: string, options: CallOptions = {}) => {
			called.push(key);
			const answer = await v6(key, options);
			expect([key, answer.status]).toEqual([key, opOf(key).successStatus]);
			return answer;
		};
		await run('GetActivationCode');
		await run('GetCategories');
		await run('GetGenders');
		await run('GetLiabilityWaiver');
		await run('GetLocations');
		await run('GetMemberships');
		await run('GetMobileProviders');
		await run('GetPaymentTypes');
		await run('GetPrograms');
		await run('GetPromoCodes');
		await run('GetProspectStages');
		await run('GetRelationships');
		await run('GetResourceAvailabilities', { query: { 'request.startDate': dateOf(now + DAY) } });
		await run('GetResources');
		await run('GetSessionTypes');
		await run('GetSites', {
			query: { 'request.includeLeadChannels': true, 'request.includePerStaffPricing': true },
		});
		const index = await run('AddClientIndex', { body: { ClientIndexName: 'Shape Index' } });
		await run('UpdateClientIndex', {
			body: { ClientIndexID: index.json.ClientIndexID, ClientIndexName: 'Shape Index 2' },
		});
		const promo = await run('AddPromoCode', {
			body: { Code: 'SHAPE10', Name: 'Shape', Discount: { Type: 'Percent', Amount: 10 }, DaysValid: ['Monday'] },
		});
		await run('DeactivatePromoCode', { body: { PromotionId: promo.json.PromoCode.PromotionID } });
		expect(called.map((key) => opOf(key).id).sort()).toEqual(Object.keys(siteV6Handlers).sort());
	});
});

describe('site lists from state', () => {
	it('locations, programs and memberships are the site’s', async () => {
		const locations = await v6('GetLocations');
		expect(ids(locations.json.Locations)).toEqual(ids(h.site().locations.filter((l) => l.Active)));
		expect(locations.json.Locations[0]).toMatchObject({ Name: h.site().locations[0].Name, SiteID: -99 });
		const programs = await v6('GetPrograms');
		expect(ids(programs.json.Programs)).toEqual(ids(h.site().programs));
		const classes = await v6('GetPrograms', { query: { 'request.scheduleType': 'Class' } });
		expect(classes.json.Programs.every((p: { ScheduleType: string }) => p.ScheduleType === 'Class')).toBe(true);
		expect(classes.json.Programs.length).toBeGreaterThan(0);
		const memberships = await v6('GetMemberships');
		expect(memberships.json.Memberships.map((m: { MembershipId: number }) => m.MembershipId)).toEqual(
			ids(h.site().saleRecords.memberships),
		);
		const one = await v6('GetMemberships', { query: { 'request.membershipIds': [2] } });
		expect(one.json.Memberships.map((m: { MembershipName: string }) => m.MembershipName)).toEqual([
			h.site().saleRecords.memberships.find((m) => m.Id === 2)!.Name,
		]);
	});

	it('session types are the appointment types and one class session type per class program', async () => {
		const answer = await v6('GetSessionTypes', { query: { 'request.limit': 500 } });
		const appointment = answer.json.SessionTypes.filter((t: { Type: string }) => t.Type === 'Appointment');
		expect(ids(appointment)).toEqual(ids(h.site().appointmentTypes.filter((t) => t.Active)));
		const classPrograms = new Set(h.site().classDescriptions.map((d) => d.ProgramId));
		const classTypes = answer.json.SessionTypes.filter((t: { Type: string }) => t.Type === 'Class');
		expect(classTypes.map((t: { Id: number; ProgramId: number }) => t.Id - t.ProgramId)).toEqual(
			[...classPrograms].map(() => CLASS_SESSION_TYPE_BASE),
		);
		const online = await v6('GetSessionTypes', { query: { 'request.onlineOnly': true, 'request.limit': 500 } });
		expect(ids(online.json.SessionTypes)).not.toContain(h.site().appointmentTypes.find((t) => !t.ConsumerMode)!.Id);
		// The ids are the ones staff assignments take.
		const first = appointment[0];
		const assigned = await v6('AssignStaffSessionType', {
			body: { StaffId: 103, SessionTypeId: first.Id, Active: true },
		});
		expect(assigned.status).toBe(200);
	});

	it('relationships, genders, prospect stages and mobile providers are the ones client updates accept', async () => {
		const relationships = await v6('GetRelationships', { query: { 'request.active': true } });
		expect(relationships.json.Relationships.map((r: { RelationshipName1: string }) => r.RelationshipName1)).toContain(
			'Pays for',
		);
		const inactive = await v6('GetRelationships', { query: { 'request.active': false } });
		expect(inactive.json.Relationships.map((r: { Id: number }) => r.Id)).toEqual([5]);
		const genders = await v6('GetGenders');
		const stages = await v6('GetProspectStages', { query: { 'request.active': true } });
		const providers = await v6('GetMobileProviders', { query: { 'request.active': true } });
		const client = h.site().clients[30];
		const ok = await v6('UpdateClient', {
			body: {
				Client: {
					Id: client.ClientId,
					Gender: genders.json.GenderOptions[2].Name,
					ProspectStage: { Id: stages.json.ProspectStages[1].Id },
					MobileProvider: providers.json.MobileProviders[0].Id,
					ClientRelationships: [
						{
							RelatedClientId: h.site().clients[31].ClientId,
							Relationship: { Id: relationships.json.Relationships[1].Id },
						},
					],
				},
			},
		});
		expect(ok.status).toBe(200);
		expect(ok.json.Client).toMatchObject({
			Gender: genders.json.GenderOptions[2].Name,
			ProspectStage: { Id: stages.json.ProspectStages[1].Id },
		});
		const badGender = await v6('UpdateClient', { body: { Client: { Id: client.ClientId, Gender: 'Martian' } } });
		expect(badGender.status).toBe(400);
		const retired = await v6('UpdateClient', {
			body: {
				Client: {
					Id: client.ClientId,
					ClientRelationships: [{ RelatedClientId: h.site().clients[31].ClientId, Relationship: { Id: 5 } }],
				},
			},
		});
		expect(retired.status).toBe(400);
	});

	it('payment types are the payment methods sales use; sites are those the key reaches', async () => {
		const payment = await v6('GetPaymentTypes');
		expect(ids(payment.json.PaymentTypes)).toEqual(PAYMENT_METHODS.map((m) => m.MethodId));
		const sites = await v6('GetSites');
		expect(ids(sites.json.Sites)).toEqual([-99, -98, -97]);
		expect(sites.json.Sites[0]).not.toHaveProperty('LeadChannels');
		const one = await v6('GetSites', { query: { 'request.siteIds': [-98] } });
		expect(one.json.Sites.map((s: { Name: string }) => s.Name)).toEqual([h.sandbox.state.site(-98)!.settings.Name]);
	});

	it('categories are the service categories with subcategories and the product revenue categories', async () => {
		const services = await v6('GetCategories', { query: { 'request.service': true } });
		expect(ids(services.json.Categories)).toEqual(ids(h.site().categories));
		const sub = h.site().subcategories[0];
		expect(services.json.Categories.find((c: { Id: number }) => c.Id === sub.CategoryId).SubCategories).toContainEqual({
			Id: sub.Id,
			SubCategoryName: sub.Name,
			Active: true,
		});
		const products = await v6('GetCategories', { query: { 'request.service': false } });
		expect(products.json.Categories.every((c: { Service: boolean }) => !c.Service)).toBe(true);
		const bySub = await v6('GetCategories', { query: { 'request.subCategoryIds': [sub.Id] } });
		expect(ids(bySub.json.Categories)).toEqual([sub.CategoryId]);
	});

	it('resources and their free windows come from the rooms and the appointments that use them', async () => {
		const resources = await v6('GetResources', { query: { 'request.locationIds': [1] } });
		expect(ids(resources.json.Resources)).toEqual(ids(h.site().resources.filter((r) => r.LocationId === 1)));
		// The seeded appointments use no room: this one takes one.
		const booked = h.site().appointments.find((a) => a.Status === 'Booked' && Date.parse(a.StartDateTime) > now)!;
		booked.ResourceIds = [h.site().resources.find((r) => r.LocationId === booked.LocationId)!.Id];
		const day = booked.StartDateTime.slice(0, 10);
		const windows = await v6('GetResourceAvailabilities', {
			query: { 'request.startDate': day, 'request.resourceIds': [booked.ResourceIds[0]] },
		});
		const free = windows.json.ResourceAvailabilities as Array<{ StartDateTime: string; EndDateTime: string }>;
		expect(free.length).toBe(2);
		expect(free.some((w) => w.StartDateTime < booked.EndDateTime && booked.StartDateTime < w.EndDateTime)).toBe(false);
		const classesOnly = await v6('GetResources', { query: { 'request.scheduleTypes': ['Class'] } });
		expect(classesOnly.json.Resources).toEqual([]);
	});
});

describe('site settings', () => {
	it('promo codes added here are the site’s promo codes (GET /Business/PromoCodes); deactivation hides them', async () => {
		const added = await v6('AddPromoCode', {
			body: { Code: 'SPRINGv6', Name: 'Spring v6', Discount: { Type: 'Amount', Amount: 15 }, AllowOnline: true },
		});
		const id = added.json.PromoCode.PromotionID;
		const listed = await h.call('GET', '/Business/PromoCodes', { query: { 'request.ids': [id] } });
		expect(listed.json.map((p: { Code: string }) => p.Code)).toEqual(['SPRINGv6']);
		const duplicate = await v6('AddPromoCode', { body: { Code: 'springv6', Name: 'Again' } });
		expect(duplicate.status).toBe(400);
		const active = await v6('GetPromoCodes', { query: { 'request.limit': 200 } });
		expect(active.json.PromoCodes.map((p: { PromotionID: number }) => p.PromotionID)).toContain(id);
		await v6('DeactivatePromoCode', { body: { PromotionId: id } });
		const after = await v6('GetPromoCodes', { query: { 'request.limit': 200 } });
		expect(after.json.PromoCodes.map((p: { PromotionID: number }) => p.PromotionID)).not.toContain(id);
		const all = await v6('GetPromoCodes', { query: { 'request.limit': 200, 'request.activeOnly': false } });
		expect(all.json.PromoCodes.find((p: { PromotionID: number }) => p.PromotionID === id).Active).toBe(false);
		expect((await v6('DeactivatePromoCode', { body: { PromotionId: 1 } })).status).toBe(404);
	});

	it('AddPromoCode takes the document’s Discount.Type words, percentage and amount, in any case; others are refused by name', async () => {
		const add = (code: string, type: unknown) =>
			v6('AddPromoCode', { body: { Code: code, Name: code, Discount: { Type: type, Amount: 10 } } });
		const read = (id: number) => h.site().promoCodes.find((code) => code.Id === id)!.Discount;
		for (const [code, type, stored] of [
			['WORD1', 'percentage', 'Percent'],
			['WORD2', 'Percentage', 'Percent'],
			['WORD3', 'amount', 'Amount'],
			['WORD4', 'Percent', 'Percent'],
		]) {
			const added = await add(code, type);
			expect([code, added.status, read(added.json.PromoCode.PromotionID)]).toEqual([
				code,
				200,
				{ Type: stored, Amount: 10 },
			]);
		}
		const wrong = await add('WORD5', 'half');
		expect([wrong.status, wrong.json.Error.Message]).toEqual([400, 'Discount.Type must be percentage or amount.']);
	});

	it('client indexes added and updated here are the ones clients are assigned', async () => {
		const created = await v6('AddClientIndex', {
			body: { ClientIndexName: 'Referral Campaign', RequiredBizMode: true },
		});
		expect(created.json).toMatchObject({ ClientIndexName: 'Referral Campaign', RequiredBizMode: true, Active: true });
		const clash = await v6('AddClientIndex', { body: { ClientIndexName: 'referral campaign' } });
		expect(clash.status).toBe(400);
		const renamed = await v6('UpdateClientIndex', {
			body: { ClientIndexID: created.json.ClientIndexID, ClientIndexName: 'Spring Campaign', Active: false },
		});
		expect(renamed.json).toMatchObject({ ClientIndexName: 'Spring Campaign', Active: false });
		const listed = await v6('GetClientIndexes', { query: { 'request.requiredOnly': true } });
		expect(listed.json.ClientIndexes.map((i: { Name: string }) => i.Name)).toContain('Spring Campaign');
		expect((await v6('UpdateClientIndex', { body: { ClientIndexID: 999, ClientIndexName: 'X' } })).status).toBe(404);
	});
});
