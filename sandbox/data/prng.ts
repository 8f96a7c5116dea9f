/** A small seeded PRNG (mulberry32): the same seed gives the same business on every machine. */
export interface Random {
	/** A float in [0, 1). */
	next(): number;
	/** An integer in [min, max]. */
	int(min: number, max: number): number;
	/** True with the given probability. */
	chance(probability: number): boolean;
	pick<T>(list: readonly T[]): T;
	/** `count` distinct elements (fewer when the list is shorter), in list order. */
	sample<T>(list: readonly T[], count: number): T[];
	/** An amount with two decimals in [min, max]. */
	money(min: number, max: number): number;
}

export function createRandom(seed: number): Random {
	let state = seed >>> 0;
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
	return {
		next,
		int,
		chance: (probability) => next() < probability,
		pick: (list) => list[int(0, list.length - 1)],
		sample: (list, count) => {
			const picked = new Set<number>();
			const wanted = Math.min(count, list.length);
			while (picked.size < wanted) picked.add(int(0, list.length - 1));
			return [...picked].sort((a, b) => a - b).map((index) => list[index]);
		},
		money: (min, max) => Math.round((min + next() * (max - min)) * 100) / 100,
	};
}

/** A seed of its own for each part, so growing one collection leaves the others unchanged. */
export function deriveSeed(seed: number, part: string): number {
	let hash = seed >>> 0;
	for (const char of part) hash = Math.imul(hash ^ char.charCodeAt(0), 2654435761) >>> 0;
	return hash;
}
