import type { V6OperationFacts } from '../../document/factTypes';
import { V6_OPERATIONS, V6_TYPES } from '../../document/facts';

/**
 * The v6 document's operations the catalogue covers, read from the facts: every one but the
 * user-token calls, which the credential makes itself. Tests count from these rather than from a
 * number typed in, so an operation added to the document changes them all at once.
 */
export const V6_COVERED = (Object.keys(V6_OPERATIONS) as Array<keyof typeof V6_OPERATIONS>).filter(
	(key) => V6_OPERATIONS[key].tag !== 'UserToken',
);

/** The facts of those operations. */
export const V6_COVERED_FACTS: readonly V6OperationFacts[] = V6_COVERED.map((key) => V6_OPERATIONS[key]);

/** Whether the document pages a read: a GET with a limit/offset pair whose answer holds a list. */
export function pagedInDocument(facts: V6OperationFacts): boolean {
	const names = facts.params.map((param) => param.name);
	const answerType = facts.answer && typeof facts.answer === 'object' && 'ref' in facts.answer ? facts.answer.ref : '';
	const listed = Object.values(V6_TYPES[answerType]?.fields ?? {}).some((f) => typeof f === 'object' && 'list' in f);
	return (
		facts.method === 'GET' &&
		listed &&
		names.some((name) => /[rR]equest\.limit$/.test(name) && names.includes(name.replace(/limit$/, 'offset')))
	);
}
