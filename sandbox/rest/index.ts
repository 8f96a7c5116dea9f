import type { SandboxContext, SandboxRequest, SandboxResponse } from '../context';
import type { RestStore } from '../data/store';
import { checkCaller, checkUser, header, isResponse } from './auth';
import { text, type RestCall } from './call';
import { bodyModel } from './bodyModels';
import { coerceForm } from './formBody';
import { handlerFor, missingHandlers, restHandlers } from './handlers';
import { parseParams } from './params';
import { handleUserToken, type TokenSettings } from './userTokens';
import { checkBody, describeIssues } from '../../document/bodyCheck';
import { matchOperation, operations, type SandboxOperation } from '../reading/operations';
import { bindToFacts, coerceToFacts, v6Error } from '../v6/answers';

export interface RestService {
	handle(req: SandboxRequest): Promise<SandboxResponse>;
}

const BODY_TYPES = ['application/json', 'text/json', 'application/x-www-form-urlencoded'];

const mediaType = (req: SandboxRequest) => header(req, 'content-type')?.split(';')[0].trim().toLowerCase();

/**
 * The body checked against the operation's schema (what the spec states), then bound to the
 * sandbox's model of it (spec: JSON, text/json or a form).
 */
function bindBody(op: SandboxOperation, req: SandboxRequest): { value: unknown } | SandboxResponse {
	if (!op.body) return { value: undefined };
	const type = mediaType(req);
	if (req.rawBody.trim() && type && !BODY_TYPES.includes(type)) {
		return text(415, `Content-Type ${type} is not accepted: send ${BODY_TYPES.join(', ')}.`);
	}
	if (req.bodyMalformed) return text(400, 'The request body is not valid JSON.');
	const shape = op.body.shape;
	if (shape) {
		// The v6 document's facts decide, as its binder would: names in any case, text for numbers.
		const check = checkBody(op.body.schema, req.body);
		if (!check.ok) {
			const missing = check.issues.every((issue) => issue.message === 'is required');
			return v6Error(400, missing ? 'MissingRequiredFields' : 'InvalidParameter', check.message);
		}
		const field = shape.list ? { list: { ref: shape.type } } : { ref: shape.type };
		return { value: coerceToFacts(field, bindToFacts(field, req.body)) };
	}
	const model = bodyModel(op.body.model!);
	const sent = type === 'application/x-www-form-urlencoded' ? coerceForm(model, req.body) : req.body;
	const check = checkBody(op.body.schema, sent);
	if (!check.ok) return text(400, check.message);
	const bound = model.safeParse(sent);
	return bound.success ? { value: bound.data } : text(400, describeIssues(bound.error));
}

/** A path that exists for another method answers 405, anything else 404. */
function unrouted(req: SandboxRequest): SandboxResponse {
	const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => matchOperation('rest', m, req.path));
	return methods.length
		? {
				status: 405,
				body: `Method ${req.method} is not allowed here.`,
				headers: { Allow: methods.join(', ') },
			}
		: text(404, `No operation at ${req.method} ${req.path}.`);
}

/**
 * The REST API: API-Key, SiteId, route, user token, parameters and body are checked in that
 * order, each failure answering as the spec says, before the operation's handler runs.
 */
export function createRestService(ctx: SandboxContext, store: RestStore, tokens: TokenSettings): RestService {
	const missing = missingHandlers();
	if (missing.length) throw new Error(`REST operations without a handler: ${missing.join(', ')}`);
	const restOps = operations.filter((op) => op.service === 'rest').length;
	if (Object.keys(restHandlers).length !== restOps)
		throw new Error('Handlers exist for operations the sandbox does not serve');
	for (const op of operations) if (op.body?.model) bodyModel(op.body.model);
	const handlers = new Map(operations.filter((op) => op.service === 'rest').map((op) => [op, handlerFor(op)]));

	return {
		async handle(req) {
			const caller = checkCaller(req, ctx, store);
			if (isResponse(caller)) return caller;
			const tokenAnswer = handleUserToken(req, caller, store, tokens);
			if (tokenAnswer) return tokenAnswer;
			const op = matchOperation('rest', req.method, req.path);
			if (!op) return unrouted(req);
			const now = ctx.clock.now();
			const user = checkUser(req, op, store, caller.siteId, now);
			if (isResponse(user)) return user;
			const params = parseParams(op, req);
			if (!params.ok) {
				if (!op.v6) return text(400, params.message);
				return v6Error(400, params.missing ? 'MissingRequiredFields' : 'InvalidParameter', params.message);
			}
			const body = bindBody(op, req);
			if (isResponse(body)) return body;
			const transactionKey = header(req, 'Transaction-Key')?.slice(0, 50);
			const call: RestCall = {
				ctx,
				store,
				op,
				req,
				...caller,
				user: user.user,
				params: params.params,
				body: body.value,
				transactionKey,
				now,
			};
			return handlers.get(op)!(call);
		},
	};
}
