import { findEvent } from '../reading/events';
import type { SandboxContext, SandboxResponse } from '../context';
import { NO_SWITCHES, type DeliveryQueue, type DeliverySwitches } from './deliveryQueue';
import type { QueuedMessage } from './eventFanOut';
import type { PayloadGenerator } from './payloads';
import { metricsView, subscriptionView, type SubscriptionStore } from './subscriptionStore';

/**
 * The sandbox's control surface, mounted by the server under /_sandbox/webhooks/:
 *   POST emit                                 one event, or a list emitted as one batch
 *   POST subscriptions/{id}/deactivate-by-admin
 *   GET  subscriptions                        every subscription, with key, owner and counters
 *   GET|POST switches                         { duplicate?, outOfOrder?, unreachable? }
 *   GET  deliveries                           every delivery attempt
 *   POST settle | deliveries/settle           waits until nothing is being sent
 *   POST reset
 */

export interface AdminDeps {
	ctx: SandboxContext;
	store: SubscriptionStore;
	queue: DeliveryQueue;
	generator: PayloadGenerator;
	emit(
		eventId: string,
		eventData: Record<string, unknown>,
		siteId: number,
		sourceName: string,
		transactionKey?: string,
	): QueuedMessage[];
	reset(): void;
}

type Input = Record<string, unknown>;
const ok = (body: unknown): SandboxResponse => ({ status: 200, body });
const fail = (status: number, error: string): SandboxResponse => ({ status, body: { error } });
const isObject = (value: unknown): value is Input => !!value && typeof value === 'object' && !Array.isArray(value);

/** Checks one emit request; the first problem as text. */
function emitProblem(input: unknown): string | undefined {
	if (!isObject(input)) return 'each event must be an object';
	if (typeof input.eventId !== 'string' || !findEvent(input.eventId)) {
		return `eventId must be one of the catalog's event ids (got ${JSON.stringify(input.eventId)})`;
	}
	if (input.siteId !== undefined && typeof input.siteId !== 'number') return 'siteId must be a number';
	if (input.eventData !== undefined && !isObject(input.eventData)) return 'eventData must be an object';
	for (const name of ['transactionKey', 'sourceName']) {
		if (input[name] !== undefined && typeof input[name] !== 'string') return `${name} must be a string`;
	}
	return undefined;
}

export function createAdminRoutes(deps: AdminDeps) {
	const { ctx, store, queue, generator } = deps;
	/** The first site any account is linked to, else Mindbody's sandbox site -99. */
	const defaultSiteId = () => ctx.accounts.find((account) => account.siteIds.length)?.siteIds[0] ?? -99;

	function emitOne(input: Input) {
		const eventId = input.eventId as string;
		const siteId = (input.siteId as number | undefined) ?? defaultSiteId();
		const generated = generator.generate(eventId, { siteId, now: ctx.clock.now() });
		const eventData = { ...generated, ...(input.eventData as Input | undefined) };
		const sourceName = (input.sourceName as string | undefined) ?? '';
		const transactionKey = input.transactionKey as string | undefined;
		const messages = deps.emit(eventId, eventData, siteId, sourceName, transactionKey);
		return { eventId, siteId, eventData, messages };
	}

	function emit(body: unknown): SandboxResponse {
		const inputs = Array.isArray(body) ? body : [body];
		// All or nothing: a batch with one bad entry emits none.
		for (const [index, input] of inputs.entries()) {
			const problem = emitProblem(input);
			if (problem) return fail(400, Array.isArray(body) ? `[${index}]: ${problem}` : problem);
		}
		const results = inputs.map((input) => emitOne(input as Input));
		return ok(Array.isArray(body) ? { items: results } : results[0]);
	}

	function deactivateByAdmin(subscriptionId: string): SandboxResponse {
		const record = store.get(subscriptionId);
		if (!record) return fail(404, `no subscription ${subscriptionId}`);
		const message = 'Deactivated by a Mindbody administrator.';
		store.setStatus(record, 'DeactivatedByAdmin', 'Admin', message, ctx.clock.iso());
		return ok(subscriptionView(record));
	}

	function switches(method: string, body: unknown): SandboxResponse {
		if (method === 'POST') {
			if (!isObject(body)) return fail(400, 'body must be an object');
			// All or nothing; an unknown name is refused, so a misspelt switch cannot silently do nothing.
			const names = Object.keys(NO_SWITCHES);
			for (const [name, value] of Object.entries(body)) {
				if (!names.includes(name)) return fail(400, `no switch ${name} (there are ${names.join(', ')})`);
				if (typeof value !== 'boolean') return fail(400, `${name} must be a boolean`);
			}
			Object.assign(queue.switches, body as Partial<DeliverySwitches>);
		}
		return ok({ ...queue.switches });
	}

	return async function admin(method: string, subPath: string, body: unknown): Promise<SandboxResponse> {
		const verb = method.toUpperCase();
		const path = subPath.replace(/^\/+|\/+$/g, '');
		const route = `${verb} ${path}`;
		const deactivate = /^POST subscriptions\/([^/]+)\/deactivate-by-admin$/.exec(route);
		if (deactivate) return deactivateByAdmin(deactivate[1]);
		switch (route) {
			case 'POST emit':
				return emit(body);
			case 'GET subscriptions':
				return ok({
					items: store.all().map((record) => ({
						...subscriptionView(record, true),
						ownerSourceName: record.ownerSourceName,
						metrics: metricsView(record),
					})),
				});
			case 'GET switches':
			case 'POST switches':
				return switches(verb, body);
			case 'GET deliveries':
				return ok({ items: queue.attempts, pendingRetries: queue.pendingRetries });
			case 'POST settle':
			case 'POST deliveries/settle':
				await queue.settle();
				return ok({
					settled: true,
					attempts: queue.attempts.length,
					pendingRetries: queue.pendingRetries,
				});
			case 'POST reset':
				deps.reset();
				return ok({ reset: true });
			default:
				return fail(404, `no admin route ${route}`);
		}
	};
}
