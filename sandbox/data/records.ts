/** Id counters of an area's records: each area hands out its own ids. */
export interface Counted {
	nextIds: Record<string, number>;
}

/** The next id of a counter, starting above `floor` the first time. */
export function takeRecordId(records: Counted, counter: string, floor = 0): number {
	const id = records.nextIds[counter] ?? floor + 1;
	records.nextIds[counter] = id + 1;
	return id;
}
