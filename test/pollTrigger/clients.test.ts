import { MindbodyPollTrigger } from '../../nodes/MindbodyPollTrigger/MindbodyPollTrigger.node';
import { checkEventData, findEvent } from '../../nodes/shared/events/eventCatalogue';
import { PAGE_OVERLAP } from '../../nodes/shared/transport/pages';
import { dataOf, usePollSandbox } from './support';

const env = usePollSandbox();

const newClients = { event: 'clientCreated' };

describe('Mindbody Poll Trigger: New Client', () => {
	it('starts from now: activation reads the recent changes once and starts no run', async () => {
		const workflow = env.workflow(newClients);
		await workflow.activate();
		expect(workflow.runs).toEqual([]);
		expect(workflow.stored?.event).toBe('clientCreated');
		const [request, ...more] = env.apiRequests();
		expect(more).toEqual([]);
		expect(request.path).toBe('/client/clients');
		expect(request.query['request.lastModifiedDate']).toBeDefined();
		expect(request.query['request.includeInactive']).toEqual(['true']);
	});

	it('passes a client created through the API on at the next poll, exactly once', async () => {
		const workflow = env.workflow(newClients);
		await workflow.activate();
		const client = await env.addClient('Ava');
		await workflow.poll();
		await workflow.poll();
		await workflow.poll();
		expect(workflow.runs).toHaveLength(1);
		const [item] = workflow.runs[0];
		expect(item).toMatchObject({
			eventId: 'client.created',
			eventSchemaVersion: 1,
			eventInstanceOriginationDateTime: client.CreationDate,
			eventData: { clientId: client.Id, firstName: 'Ava', siteId: env.sandbox.siteId },
		});
		expect(item.messageId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
	});

	it('costs one request when nothing changed', async () => {
		const workflow = env.workflow(newClients);
		await workflow.activate();
		await env.addClient('Ben');
		await workflow.poll();
		env.sandbox.log.clear();
		await workflow.poll();
		expect(env.apiRequests().map((request) => `${request.method} ${request.path}`)).toEqual(['GET /client/clients']);
		expect(workflow.runs).toHaveLength(1);
	});

	it('passes on 1,000 new clients spread over pages, each once, reading only those pages', async () => {
		const workflow = env.workflow(newClients);
		await workflow.activate();
		await env.capPages(40);
		const created = [];
		for (let i = 0; i < 1000; i++) created.push(await env.addClient(`Bulk${i}`, 'Import'));
		env.sandbox.log.clear();
		await workflow.poll();
		const pages = env.apiRequests().length;
		await workflow.poll();
		expect(workflow.runs).toHaveLength(1);
		const ids = dataOf(workflow.runs[0]).map((data) => data.clientId);
		expect(new Set(ids).size).toBe(1000);
		expect([...ids].sort()).toEqual(created.map((client) => client.Id).sort());
		// The pages that hold the changes since the activation, and no more: each after the first
		// begins PAGE_OVERLAP rows back, to find where the last one ended.
		expect(pages).toBe(1 + Math.ceil((1000 - 40) / (40 - PAGE_OVERLAP)));
	});

	it('passes on a client created at exactly the time of the cursor once', async () => {
		const workflow = env.workflow(newClients);
		await workflow.activate();
		const first = await env.addClient('Cleo');
		await workflow.poll();
		// The sandbox clock has not moved: this client has the same time as the one the cursor holds.
		const second = await env.addClient('Dan');
		expect(second.LastModifiedDateTime).toBe(first.LastModifiedDateTime);
		await workflow.poll();
		await workflow.poll();
		expect(dataOf(workflow.items).map((data) => data.firstName)).toEqual(['Cleo', 'Dan']);
	});

	it('moves past what it read once the overlap has passed, still passing each client on once', async () => {
		const workflow = env.workflow({ ...newClients, options: { overlapMinutes: 0 } });
		await workflow.activate();
		await env.addClient('Eve');
		await workflow.poll();
		await env.advance(1000);
		const finn = await env.addClient('Finn');
		await workflow.poll();
		await workflow.poll();
		env.sandbox.log.clear();
		await workflow.poll();
		expect(dataOf(workflow.items).map((data) => data.firstName)).toEqual(['Eve', 'Finn']);
		// Settled: the request asks from the newest change (a change in that second later is still
		// told apart), and one request is all it takes.
		const requests = env.apiRequests();
		expect(requests).toHaveLength(1);
		expect(Date.parse(requests[0].query['request.lastModifiedDate'][0])).toBe(
			Date.parse(String(finn.LastModifiedDateTime)),
		);
	});

	it('loses and repeats nothing across a restart between polls', async () => {
		const workflow = env.workflow({ ...newClients, options: { overlapMinutes: 0 } });
		await workflow.activate();
		await env.addClient('Gus');
		await workflow.poll();
		await env.advance(1000);
		// Idle polls move the cursor in memory only: n8n saves static data when a poll starts a run.
		await workflow.poll();
		await workflow.poll();
		await env.addClient('Hana');
		await workflow.restart();
		await workflow.poll();
		await env.addClient('Ivo');
		await workflow.poll();
		await workflow.restart();
		await workflow.poll();
		expect(dataOf(workflow.items).map((data) => data.firstName)).toEqual(['Gus', 'Hana', 'Ivo']);
	});

	it('leaves the cursor where it was when the service fails, and catches up at the next poll', async () => {
		const workflow = env.workflow(newClients);
		await workflow.activate();
		await env.addClient('Jo');
		const before = JSON.stringify(workflow.staticData);
		env.sandbox.faults.add({ kind: 'serverError', path: '/client/clients', times: 4 });
		await workflow.poll();
		expect(workflow.errors).toHaveLength(1);
		expect(workflow.errors[0].message).toMatch(/500|server/i);
		expect(workflow.runs).toEqual([]);
		expect(JSON.stringify(workflow.staticData)).toBe(before);
		await workflow.poll();
		expect(dataOf(workflow.items).map((data) => data.firstName)).toEqual(['Jo']);
	});

	it('fails the poll when the service refuses the token, and catches up once it is accepted', async () => {
		const workflow = env.workflow(newClients);
		await workflow.activate();
		await env.addClient('Kai');
		const staff = workflow.credentials.get('mindbody')!;
		workflow.credentials.set('mindbody', workflow.credentials.get('badToken')!);
		await workflow.poll();
		expect(workflow.errors).toHaveLength(1);
		expect(workflow.errors[0].message).toMatch(/401|token|refused/i);
		expect(workflow.runs).toEqual([]);
		workflow.credentials.set('mindbody', staff);
		await workflow.poll();
		expect(dataOf(workflow.items).map((data) => data.firstName)).toEqual(['Kai']);
	});

	it('says activation needs a staff login when the credential holds no user token', async () => {
		const workflow = env.workflow(newClients, 'noUser');
		await expect(workflow.activate()).rejects.toThrow(/user token/i);
		// Fetch Test Event too: the error says what to set in the credential, and nothing is read.
		const { error } = await workflow.fetchTestEvent();
		expect(error?.message).toMatch(/needs a user token, but the Mindbody credential holds none/);
		expect((error as { description?: string }).description).toContain('set User Token to "Staff Login"');
		expect(env.apiRequests()).toEqual([]);
	});

	it("the notice of the client events holds whatever the credential's User Token: it says what the event needs", () => {
		// n8n shows a notice by the node's parameters only; the credential is checked when the trigger runs.
		const notice = new MindbodyPollTrigger().description.properties.find((p) => p.name === 'staffNotice')!;
		expect(notice.type).toBe('notice');
		expect(Object.keys(notice.displayOptions?.show ?? {})).toEqual(['event']);
		expect(notice.displayName).toContain('needs a Mindbody credential whose User Token is "Staff Login"');
		expect(notice.displayName).not.toMatch(/^set |: set /i);
	});

	it('starts from a date when asked: the clients created since then pass at the first poll', async () => {
		const earlier = await env.addClient('Lea');
		await env.advance(60_000);
		const workflow = env.workflow({ ...newClients, options: { startFrom: String(earlier.CreationDate) } });
		await workflow.activate();
		expect(dataOf(workflow.items).map((data) => data.firstName)).toEqual(['Lea']);
		await workflow.poll();
		expect(workflow.items).toHaveLength(1);
	});

	it('shows the newest client on Fetch Test Event and keeps the cursor as it was', async () => {
		const workflow = env.workflow(newClients);
		await workflow.activate();
		await env.addClient('Mia');
		await env.advance(1000);
		await env.addClient('Noa');
		const before = JSON.stringify(workflow.staticData);
		const { items, error } = await workflow.fetchTestEvent();
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ eventId: 'client.created', eventData: { firstName: 'Noa' } });
		expect(JSON.stringify(workflow.staticData)).toBe(before);
		await workflow.poll();
		expect(dataOf(workflow.items).map((data) => data.firstName)).toEqual(['Mia', 'Noa']);
	});

	it("carries the fields client.created's eventData has, with the webhook's values", async () => {
		const workflow = env.workflow(newClients);
		await workflow.activate();
		await env.addClient('Olga');
		await workflow.poll();
		const [data] = dataOf(workflow.items);
		const schema = findEvent('client.created')!.eventData;
		expect(Object.keys(data).sort()).toEqual(Object.keys(schema.shape).sort());
		const delivered = env.sandbox.events.find((event) => event.eventId === 'client.created')!.eventData;
		// What the client list does not hold is null; everything else is what the webhook says.
		const unknown = ['clientNumberOfVisitsAtSite', 'indexes', 'directDebitLastFour', 'previousEmail'];
		for (const key of unknown) expect([key, data[key]]).toEqual([key, null]);
		const known = Object.keys(delivered).filter((key) => !unknown.includes(key));
		expect(Object.fromEntries(known.map((key) => [key, data[key]]))).toEqual(
			Object.fromEntries(known.map((key) => [key, delivered[key]])),
		);
		expect(
			checkEventData('client.created', { ...data, indexes: [], clientNumberOfVisitsAtSite: 0, directDebitLastFour: '' })
				.problems,
		).toEqual([]);
	});

	it('emits only eventData with the option set', async () => {
		const workflow = env.workflow({ ...newClients, options: { eventDataOnly: true } });
		await workflow.activate();
		await env.addClient('Pia');
		await workflow.poll();
		expect(workflow.items).toEqual([
			expect.objectContaining({ firstName: 'Pia', creationDateTime: expect.any(String) }),
		]);
	});
});

describe('Mindbody Poll Trigger: Updated Client', () => {
	const updated = { event: 'clientUpdated' };

	it('passes each change of a client on once, and not the creation', async () => {
		const workflow = env.workflow(updated);
		await workflow.activate();
		const client = await env.addClient('Quinn');
		await workflow.poll();
		expect(workflow.runs).toEqual([]);
		await env.advance(2000);
		await env.updateClient(String(client.Id), { City: 'Lyon' });
		await workflow.poll();
		await workflow.poll();
		await env.advance(2000);
		await env.updateClient(String(client.Id), { City: 'Nice' });
		await workflow.poll();
		expect(workflow.items.map((item) => [item.eventId, (item.eventData as { city: string }).city])).toEqual([
			['client.updated', 'Lyon'],
			['client.updated', 'Nice'],
		]);
	});

	it('passes on a change made at exactly the time of the cursor once', async () => {
		const workflow = env.workflow(updated);
		await workflow.activate();
		const [a, b] = [await env.addClient('Rae'), await env.addClient('Sol')];
		await env.advance(2000);
		await env.updateClient(String(a.Id), { City: 'Bern' });
		await workflow.poll();
		// Same second as the change the cursor holds.
		await env.updateClient(String(b.Id), { City: 'Genf' });
		await workflow.poll();
		await workflow.poll();
		expect(dataOf(workflow.items).map((data) => `${data.firstName} ${data.city}`)).toEqual(['Rae Bern', 'Sol Genf']);
	});
});
