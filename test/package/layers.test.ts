import * as fs from 'node:fs';
import * as path from 'node:path';

/** The import rules CONTRIBUTING states, read from the sources. */
const root = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
		const relative = path.join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(relative);
		return entry.name.endsWith('.ts') ? [relative] : [];
	});
}

/** Each relative import of a file, as a path from the repository root. */
function importsOf(file: string): string[] {
	const text = fs.readFileSync(path.join(root, file), 'utf8');
	const specifiers = [...text.matchAll(/^(?:import|export)\b[^;]*?from '([^']+)'/gms)].map((match) => match[1]);
	return specifiers
		.filter((specifier) => specifier.startsWith('.'))
		.map((specifier) => path.relative(root, path.resolve(path.dirname(path.join(root, file)), specifier)));
}

const files = [...sourceFiles('nodes'), ...sourceFiles('credentials')];
const edges = files.flatMap((from) => importsOf(from).map((to) => ({ from, to })));
const sandboxEdges = sourceFiles('sandbox').flatMap((from) => importsOf(from).map((to) => ({ from, to })));

/** The action node's folders, bottom layer first; a file imports only from its own layer or below. */
const ACTION_LAYERS = ['fields', 'bodies', 'description', 'actions', 'methods'];
const actionLayer = (file: string) => {
	const match = /^nodes\/Mindbody\/([^/]+)\//.exec(file);
	return match ? ACTION_LAYERS.indexOf(match[1]) : -1;
};

describe('imports point one way', () => {
	test('the reading sees the imports (a rule over no edges would pass on anything)', () => {
		expect(files.length).toBeGreaterThan(50);
		expect(edges.length).toBeGreaterThan(150);
		expect(edges).toContainEqual({ from: 'nodes/Mindbody/actions/send.ts', to: 'nodes/shared/transport' });
	});

	test('shipped code imports nothing from test/ or scripts/', () => {
		expect(edges.filter(({ to }) => /^(test|scripts)\//.test(to))).toEqual([]);
	});

	test('nodes/shared imports nothing from either node', () => {
		expect(edges.filter(({ from, to }) => from.startsWith('nodes/shared/') && !to.startsWith('nodes/shared'))).toEqual(
			[],
		);
	});

	test('the action node and the trigger do not import each other', () => {
		const across = edges.filter(
			({ from, to }) =>
				(from.startsWith('nodes/Mindbody/') && to.startsWith('nodes/MindbodyTrigger')) ||
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

	test('the sandbox stands alone: it imports only itself and nodes/shared (the catalogue it serves)', () => {
		expect(sandboxEdges.length).toBeGreaterThan(500);
		expect(sandboxEdges).toContainEqual({ from: 'sandbox/server.ts', to: 'nodes/shared/catalogue' });
		expect(sandboxEdges.filter(({ to }) => !/^(sandbox|nodes\/shared)(\/|$)/.test(to))).toEqual([]);
	});
});
