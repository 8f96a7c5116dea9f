import * as fs from 'node:fs';
import * as path from 'node:path';

import { edgesOf, root, sourceFiles, type Edge } from './importGraph';

/** The import rules CONTRIBUTING states, read from the sources. */
const files = [...sourceFiles('nodes'), ...sourceFiles('credentials'), ...sourceFiles('document')];
const edges = edgesOf(files);
const sandboxEdges = edgesOf(sourceFiles('sandbox'));
const documentEdges = edges.filter(({ from }) => from.startsWith('document/'));

const graphOf = (list: Edge[]) => {
	const graph = new Map<string, string[]>();
	for (const { from, to } of list) graph.set(from, [...(graph.get(from) ?? []), to]);
	return graph;
};

/**
 * The loops of a graph: one for each edge a depth-first walk takes back into its own trail, each
 * written from where it starts to where it closes. A graph has a cycle exactly when the walk
 * meets such an edge, so an empty answer means there is none.
 */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
	const state = new Map<string, 'open' | 'done'>();
	const trail: string[] = [];
	const cycles: string[][] = [];
	const walk = (node: string) => {
		state.set(node, 'open');
		trail.push(node);
		for (const next of graph.get(node) ?? []) {
			if (state.get(next) === 'open') cycles.push([...trail.slice(trail.indexOf(next)), next]);
			else if (!state.has(next)) walk(next);
		}
		trail.pop();
		state.set(node, 'done');
	};
	for (const node of graph.keys()) if (!state.has(node)) walk(node);
	return cycles;
}

/** The action node's folders, bottom layer first; a file imports only from its own layer or below. */
const ACTION_LAYERS = ['fields', 'bodies', 'description', 'actions', 'methods'];
const actionLayer = (file: string) => {
	const match = /^nodes\/Mindbody\/([^/]+)\//.exec(file);
	return match ? ACTION_LAYERS.indexOf(match[1]) : -1;
};

/**
 * nodes/shared by folder (or file), bottom layer first: each imports only from the layers below
 * its own. Folders of one layer stand side by side and do not import each other.
 */
const SHARED_LAYERS = [['schemas'], ['catalogue', 'events'], ['auth'], ['transport', 'processedRecord.ts']];
const sharedPart = (file: string) => /^nodes\/shared\/([^/]+)/.exec(file)?.[1];
const sharedLayer = (part: string) => SHARED_LAYERS.findIndex((layer) => layer.includes(part));
/** The rule as CONTRIBUTING writes it: `schemas/` < `catalogue/`, `events/` < … */
const statedLayers = SHARED_LAYERS.map((layer) =>
	layer.map((part) => `\`${part}${part.endsWith('.ts') ? '' : '/'}\``).join(', '),
).join(' < ');

/** Imports between parts of nodes/shared that do not point to a lower layer. */
const notDownward = (list: Edge[]) =>
	list.filter(({ from, to }) => {
		const [a, b] = [sharedPart(from), sharedPart(to)];
		return a !== undefined && b !== undefined && a !== b && sharedLayer(b) >= sharedLayer(a);
	});

describe('imports point one way', () => {
	test('the reading sees the imports (a rule over no edges would pass on anything)', () => {
		expect(files.length).toBeGreaterThan(50);
		expect(edges.length).toBeGreaterThan(150);
		expect(edges).toContainEqual({ from: 'nodes/Mindbody/actions/send.ts', to: 'nodes/shared/transport/index.ts' });
		// Type-only imports and the node's loading on first run are imports too.
		expect(edges).toContainEqual({ from: 'nodes/Mindbody/actions/send.ts', to: 'nodes/Mindbody/actions/request.ts' });
		expect(edges).toContainEqual({ from: 'nodes/Mindbody/Mindbody.node.ts', to: 'nodes/Mindbody/actions/router.ts' });
	});

	test('no import cycle anywhere in nodes/, credentials/ or document/', () => {
		expect(findCycles(graphOf(edges))).toEqual([]);
	});

	test('the cycle walk finds a planted cycle, and none where there is none', () => {
		const loops = graphOf([
			{ from: 'a', to: 'b' },
			{ from: 'b', to: 'c' },
			{ from: 'c', to: 'a' },
			{ from: 'd', to: 'a' },
			{ from: 'e', to: 'e' },
		]);
		expect(findCycles(loops)).toEqual([
			['a', 'b', 'c', 'a'],
			['e', 'e'],
		]);
		const diamond = graphOf([
			{ from: 'a', to: 'b' },
			{ from: 'a', to: 'c' },
			{ from: 'b', to: 'd' },
			{ from: 'c', to: 'd' },
		]);
		expect(findCycles(diamond)).toEqual([]);
		// One import from the facts back up to the catalogue closes a loop through the whole catalogue.
		const planted = { from: 'document/facts.ts', to: 'nodes/shared/catalogue/index.ts' };
		const found = findCycles(graphOf([...edges, planted]));
		expect(found.length).toBeGreaterThan(0);
		const through = (cycle: string[]) => cycle.some((file, i) => file === planted.from && cycle[i + 1] === planted.to);
		expect(found.filter((cycle) => !through(cycle))).toEqual([]);
	});

	test('shipped code imports nothing from test/, scripts/ or sandbox/', () => {
		expect(edges.length).toBeGreaterThan(150);
		expect(edges.filter(({ to }) => /^(test|scripts|sandbox)\//.test(to))).toEqual([]);
		// The rule sees an import of the sandbox from the node.
		const planted = { from: 'nodes/Mindbody/actions/send.ts', to: 'sandbox/rest/index.ts' };
		expect([...edges, planted].filter(({ to }) => /^(test|scripts|sandbox)\//.test(to))).toEqual([planted]);
	});

	test('nodes/shared imports nothing from either node', () => {
		expect(
			edges.filter(({ from, to }) => from.startsWith('nodes/shared/') && !/^(nodes\/shared|document)\//.test(to)),
		).toEqual([]);
	});

	test('document/ imports only itself: the node and the sandbox build on it, never the other way', () => {
		const outside = (list: Edge[]) => list.filter(({ to }) => !to.startsWith('document/'));
		expect(documentEdges).toContainEqual({ from: 'document/v6Bodies.ts', to: 'document/facts.ts' });
		expect(outside(documentEdges)).toEqual([]);
		// Both sides import it.
		expect(edges.some(({ from, to }) => from.startsWith('nodes/') && to.startsWith('document/'))).toBe(true);
		expect(sandboxEdges.some(({ to }) => to.startsWith('document/'))).toBe(true);
		// The rule sees an import of the node's catalogue or of the sandbox from the document layer.
		const planted = [
			{ from: 'document/v6Bodies.ts', to: 'nodes/shared/catalogue/index.ts' },
			{ from: 'document/facts.ts', to: 'sandbox/reading/operations.ts' },
		];
		expect(outside([...documentEdges, ...planted])).toEqual(planted);
	});

	test(`inside nodes/shared, each part imports only the layers below it (${statedLayers})`, () => {
		const parts = fs.readdirSync(path.join(root, 'nodes/shared'));
		expect(parts.filter((part) => sharedLayer(part) < 0)).toEqual([]);
		expect(notDownward(edges)).toEqual([]);
		// The rule sees edges between the parts, and refuses one that points up or sideways.
		const across = edges.filter(
			({ from, to }) => sharedPart(from) && sharedPart(to) && sharedPart(from) !== sharedPart(to),
		);
		expect(new Set(across.map(({ from }) => sharedPart(from)))).toEqual(
			new Set(['catalogue', 'events', 'auth', 'transport', 'processedRecord.ts']),
		);
		const planted = [
			{ from: 'nodes/shared/schemas/bodies.ts', to: 'nodes/shared/catalogue/index.ts' },
			{ from: 'nodes/shared/events/fields.ts', to: 'nodes/shared/catalogue/index.ts' },
		];
		expect(notDownward([...edges, ...planted])).toEqual(planted);
	});

	test('CONTRIBUTING states the layers of nodes/shared as this test holds them', () => {
		const contributing = fs.readFileSync(path.join(root, 'CONTRIBUTING.md'), 'utf8').replace(/\s+/g, ' ');
		expect([statedLayers, contributing.includes(statedLayers)]).toEqual([statedLayers, true]);
	});

	test('the action node and the trigger do not import each other', () => {
		const across = edges.filter(
			({ from, to }) =>
				(from.startsWith('nodes/Mindbody/') && to.startsWith('nodes/MindbodyTrigger/')) ||
				(from.startsWith('nodes/MindbodyTrigger/') && to.startsWith('nodes/Mindbody/')),
		);
		expect(across).toEqual([]);
	});

	test(`inside the action node, no folder imports one above it (${ACTION_LAYERS.join(' < ')})`, () => {
		const upward = edges.filter(({ from, to }) => actionLayer(from) >= 0 && actionLayer(to) > actionLayer(from));
		expect(upward).toEqual([]);
		// The check sees layered edges at all.
		expect(
			edges.filter(({ from, to }) => actionLayer(from) > actionLayer(to) && actionLayer(to) >= 0).length,
		).toBeGreaterThan(5);
	});

	test('no import cycle inside sandbox/', () => {
		expect(findCycles(graphOf(sandboxEdges))).toEqual([]);
		// The admin table and an area's admin routes both build on adminRoute.ts: one import back is a loop.
		const planted = { from: 'sandbox/adminRoute.ts', to: 'sandbox/admin.ts' };
		expect(findCycles(graphOf([...sandboxEdges, planted])).length).toBeGreaterThan(0);
	});

	test('the sandbox stands alone: it imports only itself and the document layer, and reads the documents itself', () => {
		expect(sandboxEdges.length).toBeGreaterThan(500);
		expect(sandboxEdges).toContainEqual({ from: 'sandbox/server.ts', to: 'sandbox/reading/operations.ts' });
		const outside = (list: Edge[]) => list.filter(({ to }) => !/^(sandbox|document)\//.test(to));
		expect(outside(sandboxEdges)).toEqual([]);
		// The rule sees an import of the node's catalogue from the sandbox, its tests included.
		const planted = { from: 'sandbox/v6/clients.test.ts', to: 'nodes/shared/catalogue/index.ts' };
		expect(outside([...sandboxEdges, planted])).toEqual([planted]);
	});
});
