/** Wire types of ids as the spec names them. */
export type IdType = 'int32' | 'int64';

/**
 * Largest id of each type. int64 stops at 2^53 - 1: n8n items hold ids as JavaScript numbers,
 * which cannot name a larger whole number exactly, so a larger one would reach the service changed.
 */
export const ID_MAX: Record<IdType, number> = {
	int32: 2_147_483_647,
	int64: Number.MAX_SAFE_INTEGER,
};

export type IdCheck = { ok: true; id: number } | { ok: false; problem: string };

/**
 * The one id rule of the node, for path ids, query id lists and body id lists alike: a whole
 * number from 1 up to the largest value of the id's type.
 */
export function checkId(value: unknown, type: IdType): IdCheck {
	const text = typeof value === 'string' ? value.trim() : value;
	const number = typeof text === 'string' && /^[+-]?\d+$/.test(text) ? Number(text) : text;
	if (typeof number !== 'number' || !Number.isInteger(number)) {
		return { ok: false, problem: `"${String(value)}" is not a whole number` };
	}
	if (number < 1) return { ok: false, problem: 'must be a positive ID' };
	if (number > ID_MAX[type]) {
		return {
			ok: false,
			problem: `${String(text)} is above ${ID_MAX[type].toLocaleString('en-US')}, the largest ${type} ID`,
		};
	}
	return { ok: true, id: number };
}
