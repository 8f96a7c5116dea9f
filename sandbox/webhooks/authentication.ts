import type { ApiKeyAccount, SandboxContext, SandboxRequest, SandboxResponse } from '../context';
import { errorResponse, webhookErrors } from './errors';

/**
 * The API-Key header (any casing). A blank value counts as missing. Without live access every
 * call is refused with 14030002 except PATCH, which the table leaves out: it gets 14030001.
 */

function header(request: SandboxRequest, name: string): string | undefined {
	for (const [key, value] of Object.entries(request.headers)) {
		if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
	}
	return undefined;
}

export type Authentication = { account: ApiKeyAccount } | { response: SandboxResponse };

export function authenticate(request: SandboxRequest, ctx: SandboxContext): Authentication {
	const apiKey = header(request, 'api-key')?.trim();
	if (!apiKey) {
		return {
			response: errorResponse(webhookErrors.missingApiKey, 'The API-Key header is required.'),
		};
	}
	const account = ctx.findAccount(apiKey);
	if (!account) {
		return { response: errorResponse(webhookErrors.invalidApiKey, 'The API key is not valid.') };
	}
	if (account.liveAccess) return { account };
	return {
		response:
			request.method.toUpperCase() === 'PATCH'
				? errorResponse(webhookErrors.forbidden, 'This developer account may not change subscriptions.')
				: errorResponse(
						webhookErrors.accountNotActive,
						'The developer account has no live access; request it in the developer portal.',
					),
	};
}
