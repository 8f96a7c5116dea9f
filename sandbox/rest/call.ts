import type { ApiKeyAccount, SandboxContext, SandboxRequest, SandboxResponse } from '../context';
import type { RestStore, UserToken } from '../data/store';
import type { SiteData } from '../data/types';
import type { SandboxOperation } from '../reading/operations';
import type { Params } from './params';

/** One REST call that passed the header, parameter and body checks. */
export interface RestCall {
	ctx: SandboxContext;
	store: RestStore;
	op: SandboxOperation;
	req: SandboxRequest;
	account: ApiKeyAccount;
	siteId: number;
	site: SiteData;
	/** The user token's holder, when the call carried one. */
	user?: UserToken;
	params: Params;
	/** The body as its schema parsed it. */
	body: unknown;
	/** Transaction-Key header, cut to 50 characters. */
	transactionKey?: string;
	now: number;
}

export type Handler = (call: RestCall) => SandboxResponse | Promise<SandboxResponse>;

/** Handlers by operation id (`SandboxOperation.id`). */
export type HandlerTable = Record<string, Handler>;

/** The tables as one; an operation in two of them is a mistake the sandbox refuses to start with. */
export function joinTables(tables: HandlerTable[]): HandlerTable {
	const joined: HandlerTable = {};
	for (const table of tables) {
		for (const [key, handler] of Object.entries(table)) {
			if (key in joined) throw new Error(`${key} has two handlers`);
			joined[key] = handler;
		}
	}
	return joined;
}

export const json = (body: unknown, status = 200): SandboxResponse => ({ status, body });

/** The spec's plain-string errors. */
export const text = (status: number, message: string): SandboxResponse => ({
	status,
	body: message,
});

export const noContent = (status = 204): SandboxResponse => ({ status });

/** Typed answers: the success shape, with status 400 when any item failed (spec Errors rule 1). */
export const typed = (call: RestCall, body: unknown, failed: boolean): SandboxResponse =>
	json(body, failed ? 400 : call.op.successStatus);

/** Events caused by this call carry its site, source name and Transaction-Key. */
export function emit(call: RestCall, eventId: string, eventData: Record<string, unknown>): void {
	call.ctx.emitEvent(eventId, eventData, {
		siteId: call.siteId,
		sourceName: call.account.sourceName,
		...(call.transactionKey !== undefined ? { transactionKey: call.transactionKey } : {}),
	});
}

export function sendEmail(
	call: RestCall,
	to: string,
	kind: string,
	subject: string,
	detail?: Record<string, unknown>,
): void {
	call.ctx.recordEmail({ to, kind, subject, ...(detail ? { detail } : {}) });
}

export const isStaff = (call: RestCall) => call.user?.Type === 'Staff';
