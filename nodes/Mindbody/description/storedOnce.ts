import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * The node's fields as stored: a field that is the same for several operations, but for the
 * operations it shows for, is stored once and shown for all of them (its Options, Return All,
 * Limit and Simplify are alike for dozens). n8n reads every node's fields whenever it starts, so
 * what it reads twice costs every n8n process that lists the node.
 *
 * n8n shows a field when the resource is among its resources and the operation among its
 * operations. A field is merged with another only where that shows no operation a field it did not
 * show before, and at a place where every operation sees its fields in the same order as before.
 */

type Pair = string;
const pairOf = (resource: unknown, operation: unknown): Pair => `${String(resource)}\u0000${String(operation)}`;

interface Shown {
	resources: string[];
	operations: string[];
}

/** The resources and operations a field shows for, when it shows for named operations only. */
function shownFor(property: INodeProperties): Shown | undefined {
	const show = property.displayOptions?.show;
	if (!show?.resource || !show.operation || property.displayOptions?.hide) return undefined;
	return { resources: show.resource.map(String), operations: show.operation.map(String) };
}

const pairsOf = ({ resources, operations }: Shown) =>
	resources.flatMap((resource) => operations.map((operation) => pairOf(resource, operation)));

/** The field with the given resources and operations, everything else as it is. */
function showing(property: INodeProperties, shown: Shown | undefined): INodeProperties {
	const show = property.displayOptions?.show;
	return {
		...property,
		displayOptions: {
			...property.displayOptions,
			show: { ...show, resource: shown?.resources, operation: shown?.operations },
		},
	};
}

/** What makes two fields alike: all of them but the resources and operations they show for. */
const likeness = (property: INodeProperties) => JSON.stringify(showing(property, undefined));

/** Whether a field can show for the operation: n8n's rule, conditions on other fields aside. */
function mayShow(property: INodeProperties, resource: string, operation: string): boolean {
	const show = property.displayOptions?.show;
	return (
		(!show?.resource || show.resource.map(String).includes(resource)) &&
		(!show?.operation || show.operation.map(String).includes(operation))
	);
}

/** Every resource and operation the node has, from its Operation fields. */
function operationPairsOf(properties: INodeProperties[]): Set<Pair> {
	const all = new Set<Pair>();
	for (const property of properties) {
		if (property.name !== 'operation') continue;
		for (const resource of property.displayOptions?.show?.resource ?? []) {
			for (const option of (property.options ?? []) as INodePropertyOptions[]) all.add(pairOf(resource, option.value));
		}
	}
	return all;
}

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];

/**
 * Whether the field at `from` can move to `to` for the operations it shows for: no field they see
 * lies between the two places.
 */
function canMove(properties: INodeProperties[], from: number, to: number, shown: Shown): boolean {
	const [low, high] = from < to ? [from, to] : [to, from];
	for (let index = low + 1; index < high; index++) {
		const between = properties[index];
		if (shown.resources.some((r) => shown.operations.some((o) => mayShow(between, r, o)))) return false;
	}
	return true;
}

/** Merges `members` (indexes of alike fields) into one at the first place where each keeps its order; undefined if none. */
function mergedAt(properties: INodeProperties[], members: number[], shown: Shown[]): number | undefined {
	return members.find((to) => members.every((from, i) => canMove(properties, from, to, shown[i])));
}

export function storedOnce(input: INodeProperties[]): INodeProperties[] {
	const all = operationPairsOf(input);
	let properties = [...input];
	const groups = new Map<string, INodeProperties[]>();
	for (const property of input) {
		if (!shownFor(property)) continue;
		const key = likeness(property);
		groups.set(key, [...(groups.get(key) ?? []), property]);
	}
	for (const alike of groups.values()) {
		// Greedy: each field joins the first merge it fits, else starts one.
		const merges: Array<{ members: INodeProperties[]; shown: Shown; pairs: Set<Pair> }> = [];
		for (const property of alike) {
			const own = shownFor(property)!;
			const fits = merges.find((merge) => {
				const shown = {
					resources: union(merge.shown.resources, own.resources),
					operations: union(merge.shown.operations, own.operations),
				};
				const pairs = new Set([...merge.pairs, ...pairsOf(own)]);
				return pairsOf(shown).every((pair) => pairs.has(pair) || !all.has(pair));
			});
			if (fits) {
				fits.members.push(property);
				fits.shown = {
					resources: union(fits.shown.resources, own.resources),
					operations: union(fits.shown.operations, own.operations),
				};
				for (const pair of pairsOf(own)) fits.pairs.add(pair);
			} else merges.push({ members: [property], shown: own, pairs: new Set(pairsOf(own)) });
		}
		for (const { members, shown } of merges) {
			if (members.length < 2) continue;
			const places = members.map((member) => properties.indexOf(member));
			const at = mergedAt(
				properties,
				places,
				members.map((member) => shownFor(member)!),
			);
			if (at === undefined) continue;
			const merged = showing(members[0], shown);
			properties = properties.flatMap((property, index) =>
				index === at ? [merged] : places.includes(index) ? [] : [property],
			);
		}
	}
	return properties;
}
