import type { IncomingHttpHeaders } from 'node:http';

import type { SandboxContext } from '../context';
import type { RestStore } from '../data/store';
import type { LoggedRequest } from '../requestLog';

/** Who made a logged request, in a form fit to show: keys and tokens masked. */
export interface RequestCaller {
	/** The API key's developer source, when the key is one of the sandbox's. */
	source?: string;
	apiKey?: string;
	/** The user token's holder, e.g. `Staff 100000001 Ada Byron (site -99)`. */
	holder?: string;
	token?: string;
	/** The username a user token is being asked for (POST /usertoken/issue). */
	login?: string;
}

/** The first four and last four characters of a secret, never the whole of it. */
export function mask(secret: string): string {
	const text = secret.trim();
	if (text.length <= 8) return `${text.slice(0, 2)}…`;
	return `${text.slice(0, 4)}…${text.slice(-4)}`;
}

const headerOf = (headers: IncomingHttpHeaders, name: string) => {
	const value = headers[name];
	return Array.isArray(value) ? value[0] : value;
};

/**
 * Reads each request's caller when it arrives, as a token may be revoked or the data reseeded
 * before the console asks. Kept beside the log (keyed by its entries), so the log's own answers
 * stay as they are.
 */
export class CallerBook {
	private readonly callers = new WeakMap<LoggedRequest, RequestCaller>();

	constructor(
		private readonly store: RestStore,
		private readonly context: SandboxContext,
	) {}

	note(entry: LoggedRequest): void {
		this.callers.set(entry, this.callerOf(entry));
	}

	of(entry: LoggedRequest): RequestCaller {
		return this.callers.get(entry) ?? {};
	}

	private callerOf(entry: LoggedRequest): RequestCaller {
		const caller: RequestCaller = {};
		const apiKey = headerOf(entry.headers, 'api-key');
		if (apiKey) {
			caller.apiKey = mask(apiKey);
			const account = this.context.findAccount(apiKey);
			if (account) caller.source = account.sourceName;
		}
		const authorization = headerOf(entry.headers, 'authorization');
		if (authorization) {
			const value = authorization.replace(/^bearer\s+/i, '').trim();
			caller.token = mask(value);
			caller.holder = this.holderOf(value) ?? 'unknown token';
		}
		if (entry.service === 'rest' && /^\/usertoken\/issue\/?$/i.test(entry.path)) {
			const username = loginName(entry.rawBody);
			if (username) caller.login = username;
		}
		return caller;
	}

	private holderOf(token: string): string | undefined {
		const held = this.store.tokens.get(token);
		if (!held) return undefined;
		const site = this.store.site(held.SiteId);
		const person =
			held.Type === 'Staff'
				? site?.staff.find((member) => member.Id === held.UserId)
				: site?.clients.find((client) => client.Id === held.UserId);
		const name = person ? ` ${person.FirstName} ${person.LastName}` : '';
		return `${held.Type} ${held.UserId}${name} (site ${held.SiteId})`;
	}
}

function loginName(rawBody: string): string | undefined {
	try {
		const body = JSON.parse(rawBody) as { Username?: unknown };
		return typeof body?.Username === 'string' ? body.Username : undefined;
	} catch {
		return undefined;
	}
}
