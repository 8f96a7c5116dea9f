import type { ApiKeyAccount, SandboxContext, SandboxRequest, SandboxResponse } from '../context';
import { authenticate } from './authentication';
import { errorResponse, validationResponse, webhookErrors } from './errors';
import { checkSubscriptionBody } from './subscriptionBody';
import {
	isDeactivated,
	isGuid,
	metricsView,
	subscriptionView,
	type SubscriptionRecord,
	type SubscriptionStore,
} from './subscriptionStore';
import { noResponseProblem, type UrlCheckResult } from './webhookUrl';

/**
 * The six operations of the push API. Order of checks: API key, live access, route, the
 * subscription id (form, existence, owner), the body's fields, then the URL's HEAD check.
 */

export interface RouteDeps {
	ctx: SandboxContext;
	store: SubscriptionStore;
	checkUrl(url: string): Promise<UrlCheckResult>;
}

type Found = { record: SubscriptionRecord } | { response: SandboxResponse };

const ok = (body: unknown): SandboxResponse => ({ status: 200, body });

function decodeSegment(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

export function createSubscriptionRoutes({ ctx, store, checkUrl }: RouteDeps) {
	const now = () => ctx.clock.iso();

	/** A malformed id is 14000021 on PATCH (its only listed use); GET and DELETE answer 404. */
	function findOwned(rawId: string, account: ApiKeyAccount, method: string): Found {
		if (!isGuid(rawId)) {
			return {
				response:
					method === 'PATCH'
						? errorResponse(webhookErrors.invalidSubscriptionId, `${rawId} is not a valid subscription id (GUID).`)
						: errorResponse(webhookErrors.notFound, `Subscription ${rawId} was not found.`),
			};
		}
		const record = store.get(rawId);
		if (!record)
			return {
				response: errorResponse(webhookErrors.notFound, `Subscription ${rawId} was not found.`),
			};
		if (record.ownerSourceName !== account.sourceName) {
			return {
				response: errorResponse(webhookErrors.forbidden, 'The subscription belongs to another developer account.'),
			};
		}
		return { record };
	}

	async function urlAnswers(url: string): Promise<SandboxResponse | undefined> {
		const answer = await checkUrl(url);
		if (answer.ok) return undefined;
		const problem = noResponseProblem(url, answer.reason);
		return errorResponse(problem.error, problem.message);
	}

	async function create(request: SandboxRequest, account: ApiKeyAccount): Promise<SandboxResponse> {
		const check = checkSubscriptionBody(request.body, 'create', ctx.allowLoopbackHttp);
		if (!check.ok) return validationResponse(check.errors);
		const { eventIds = [], referenceId, webhookUrl = '' } = check.fields;
		const refused = await urlAnswers(webhookUrl);
		if (refused) return refused;
		const record = store.create({
			eventIds,
			referenceId,
			webhookUrl,
			ownerSourceName: account.sourceName,
			at: now(),
		});
		return ok(subscriptionView(record, true));
	}

	async function update(request: SandboxRequest, account: ApiKeyAccount, record: SubscriptionRecord) {
		const check = checkSubscriptionBody(request.body, 'update', ctx.allowLoopbackHttp);
		if (!check.ok) return validationResponse(check.errors);
		const { fields } = check;
		if (fields.status === 'DeactivatedByUser' && record.status === 'DeactivatedByAdmin') {
			return errorResponse(
				webhookErrors.statusNotValid,
				'A subscription deactivated by an administrator can only be set to Active.',
			);
		}
		const activate = fields.status === 'Active' && record.status !== 'Active';
		const deactivate = fields.status === 'DeactivatedByUser' && !isDeactivated(record.status);
		const urlChanged = fields.webhookUrl !== undefined && fields.webhookUrl !== record.webhookUrl;
		// Reactivation needs the delivery problem resolved: the URL must answer again.
		if (urlChanged || (activate && isDeactivated(record.status))) {
			const refused = await urlAnswers(fields.webhookUrl ?? record.webhookUrl);
			if (refused) return refused;
		}
		if (fields.eventIds) record.eventIds = fields.eventIds;
		if (fields.referenceId !== undefined) record.referenceId = fields.referenceId;
		if (fields.webhookUrl) record.webhookUrl = fields.webhookUrl;
		const user = account.sourceName;
		if (activate) {
			const verb = record.status === 'PendingActivation' ? 'Activated' : 'Reactivated';
			store.setStatus(record, 'Active', user, `${verb} by ${user}.`, now());
		}
		if (deactivate) store.setStatus(record, 'DeactivatedByUser', user, `Deactivated by ${user}.`, now());
		return ok(subscriptionView(record));
	}

	function remove(account: ApiKeyAccount, record: SubscriptionRecord): SandboxResponse {
		if (isDeactivated(record.status)) {
			return errorResponse(webhookErrors.genericDomain, 'The subscription is already deactivated.');
		}
		const at = now();
		const user = account.sourceName;
		store.setStatus(record, 'DeactivatedByUser', user, `Deleted by ${user}.`, at);
		return ok({
			message: 'Subscription deactivated successfully.',
			deactivationDateTime: at,
			subscriptionId: record.subscriptionId,
			referenceId: record.referenceId,
		});
	}

	return async function handle(request: SandboxRequest): Promise<SandboxResponse> {
		const auth = authenticate(request, ctx);
		if ('response' in auth) return auth.response;
		const { account } = auth;
		const method = request.method.toUpperCase();
		const path = request.path.replace(/\/+$/, '');
		const owned = () => store.ownedBy(account.sourceName);

		if (path === '/metrics' && method === 'GET') return ok({ items: owned().map(metricsView) });
		if (path === '/subscriptions') {
			if (method === 'GET') return ok({ items: owned().map((record) => subscriptionView(record)) });
			if (method === 'POST') return create(request, account);
		}
		const match = /^\/subscriptions\/([^/]+)$/.exec(path);
		if (match && ['GET', 'PATCH', 'DELETE'].includes(method)) {
			const found = findOwned(decodeSegment(match[1]), account, method);
			if ('response' in found) return found.response;
			if (method === 'GET') return ok(subscriptionView(found.record));
			if (method === 'PATCH') return update(request, account, found.record);
			return remove(account, found.record);
		}
		return errorResponse(webhookErrors.notFound, `No resource at ${method} ${request.path}.`);
	};
}
