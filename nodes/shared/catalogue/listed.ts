import { addOnOperations, appointmentOperations, appointmentRequestOperations } from './appointments';
import { autopayOperations } from './autopay';
import { availabilityOperations } from './availability';
import { businessOperations } from './business';
import { classOperations } from './classes';
import { consumerOperations } from './consumer';
import { dashboardOperations } from './dashboard';
import type { Operation } from './types';
import { webhookOperations } from './webhooks';

/**
 * The operations the spec lists with their paths, apart from the v6 document's: the credential
 * decides from these alone which calls carry the staff token (every v6 operation and every path
 * the catalogue does not know carry it), so signing a request never loads the v6 catalogue.
 */
export const listedOperations: readonly Operation[] = [
	...autopayOperations,
	...businessOperations,
	...appointmentRequestOperations,
	...appointmentOperations,
	...addOnOperations,
	...availabilityOperations,
	...classOperations,
	...consumerOperations,
	...dashboardOperations,
	...webhookOperations,
];

const templateToRegExp = (path: string) =>
	new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`, 'i');

export type Matchers = Array<{ op: Operation; re: RegExp }>;

export const matchersOf = (list: readonly Operation[]): Matchers =>
	list.map((op) => ({ op, re: templateToRegExp(op.path) }));

const placeholders = (path: string) => (path.match(/\{/g) ?? []).length;

/** The operation among `matchers` a request targets; literal paths win over templated ones. */
export function bestMatch(matchers: Matchers, service: string, method: string, path: string): Operation | undefined {
	const candidates = matchers.filter(
		({ op, re }) => op.service === service && op.method === method.toUpperCase() && re.test(path),
	);
	candidates.sort((a, b) => placeholders(a.op.path) - placeholders(b.op.path));
	return candidates[0]?.op;
}

const listedMatchers = matchersOf(listedOperations);

/** The listed operation a request targets, if any. */
export const matchListedOperation = (service: string, method: string, path: string): Operation | undefined =>
	bestMatch(listedMatchers, service, method, path);
