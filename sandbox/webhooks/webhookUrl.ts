import { request, type Dispatcher } from 'undici';

import type { SandboxClock } from '../context';
import { webhookErrors, type ErrorKind } from './errors';
import { startTimeLimit } from './timeLimit';

/**
 * The webhookUrl rules past its length (the body's check reads that from the sandbox's
 * transcription, reading/listedBodies.ts): its form (checked without I/O), then the validity check, a HEAD request that
 * must answer 2xx within the time limit (10 s on the real service), measured on the sandbox clock
 * (see timeLimit.ts).
 */

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export type BodyMode = 'create' | 'update';

export interface UrlProblem {
	error: ErrorKind;
	message: string;
}

/**
 * A URL that does not parse is 14000016 on PATCH; POST has no such code, so it gets 14000013
 * (the URL does not start with https). Schemes other than http(s) are 14000015 on PATCH.
 */
export function urlFormProblem(url: string, mode: BodyMode, allowLoopbackHttp: boolean): UrlProblem | undefined {
	const missingHttps = mode === 'create' ? webhookErrors.urlMissingHttps : webhookErrors.urlMissingHttpsPatch;
	let parsed: URL;
	try {
		parsed = new URL(url.trim());
	} catch {
		return mode === 'create'
			? { error: missingHttps, message: `webhookUrl must be a well-formed HTTPS URL: ${url}` }
			: { error: webhookErrors.urlBadFormat, message: `webhookUrl has an invalid format: ${url}` };
	}
	if (parsed.protocol === 'https:') return undefined;
	if (parsed.protocol === 'http:') {
		if (allowLoopbackHttp && LOOPBACK_HOSTS.has(parsed.hostname)) return undefined;
		return { error: missingHttps, message: 'webhookUrl must use HTTPS' };
	}
	return mode === 'create'
		? { error: missingHttps, message: 'webhookUrl must use HTTPS' }
		: {
				error: webhookErrors.urlInvalid,
				message: `webhookUrl scheme ${parsed.protocol} is not valid`,
			};
}

export type UrlCheckResult = { ok: true } | { ok: false; reason: string };

/** The subscription-time validity check. Never throws: every failure is a reason. */
export async function checkUrlAnswers(
	url: string,
	timeoutMs: number,
	dispatcher: Dispatcher,
	clock: SandboxClock,
): Promise<UrlCheckResult> {
	const controller = new AbortController();
	const stopLimit = startTimeLimit(clock, timeoutMs, () => controller.abort());
	try {
		const response = await request(url.trim(), {
			method: 'HEAD',
			signal: controller.signal,
			dispatcher,
		});
		await response.body.dump();
		if (response.statusCode >= 200 && response.statusCode < 300) return { ok: true };
		return { ok: false, reason: `answered ${response.statusCode}` };
	} catch (error) {
		if (controller.signal.aborted) return { ok: false, reason: `no answer within ${timeoutMs} ms` };
		return { ok: false, reason: (error as Error).message || String(error) };
	} finally {
		stopLimit();
	}
}

export function noResponseProblem(url: string, reason: string): UrlProblem {
	return {
		error: webhookErrors.urlNoResponse,
		message: `The validity check of ${url} failed (${reason}); ` + 'it must answer HEAD with a 2xx within 10 seconds.',
	};
}
