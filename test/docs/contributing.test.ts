import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import glob from 'fast-glob';

import * as shapes from '../../sandbox/v6/shapes';
import { edgesOf, sourceFiles as importingFiles, type Edge } from '../package/importGraph';

/** What CONTRIBUTING.md states about the code, held against the code. */

const root = join(__dirname, '../..');
const contributing = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');
const sectionOf = (heading: string) => {
	const start = contributing.indexOf(`${heading}\n`);
	expect(start).toBeGreaterThanOrEqual(0);
	const next = contributing.slice(start + heading.length).search(/\n#{2,3} /);
	return contributing.slice(start, next < 0 ? undefined : start + heading.length + next);
};
const sourceFiles = (pattern: string) => glob.sync(pattern, { cwd: root, ignore: ['**/node_modules/**'] }).sort();
const read = (file: string) => readFileSync(join(root, file), 'utf8');

test("the folders Prettier formats are the format script's", () => {
	const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
	const formatted = (script: string) => script.split(' ').slice(2).sort();
	expect(formatted(pkg.scripts.format)).toEqual(formatted(pkg.scripts['format:check']));
	const style = sectionOf('## Style');
	const named = [...style.split('(')[0].matchAll(/`(\w+)\/`/g)].map((match) => match[1]).sort();
	expect(named).toEqual(formatted(pkg.scripts.format));
});

/** Module-level maps and sets under nodes/ that something writes to after they are made. */
function processWideState(): string[] {
	const found: string[] = [];
	for (const file of sourceFiles('nodes/**/*.ts')) {
		const text = read(file);
		const declared = text.matchAll(/^(?:export )?(?:const|let) (\w+)(?::[^=\n]+)? = new (?:Weak)?(?:Map|Set)\b/gm);
		for (const [, name] of declared) {
			if (new RegExp(`\\b${name}\\.(?:set|add|delete|clear)\\(`).test(text)) found.push(`${name} in ${file}`);
		}
	}
	return found.sort();
}

test('"What lives as long as the process" lists every module-level map or set written after it is made', () => {
	const listed = [
		...sectionOf('### What lives as long as the process').matchAll(/`(\w+)`\s+in\s+`(nodes\/[\w/.]+\.ts)`/g),
	]
		.map(([, name, file]) => `${name} in ${file}`)
		.sort();
	const state = processWideState();
	// The finder sees the staff logins, the one that has always been there.
	expect(state).toContain('logins in nodes/shared/auth/staffLogin.ts');
	expect(listed).toEqual(state);
	// The count in words is the bullet list's; the two caches follow it in prose.
	const section = sectionOf('### What lives as long as the process');
	const count = /^(\w+) module-level maps and sets hold state/m.exec(section)?.[1] ?? '';
	const WORDS = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'];
	expect(WORDS.indexOf(count) + 1).toBe([...section.matchAll(/^- `\w+` in /gm)].length);
});

const SHAPES = 'sandbox/v6/shapes.ts';
const KIT = 'sandbox/test/saleTestKit.ts';
/** Imports of the answer checker or of the sale kit from a file that is not a test; the kit may import the checker. */
const outsideTests = (edges: Edge[]) =>
	edges.filter(({ from, to }) => !from.endsWith('.test.ts') && ((to === SHAPES && from !== KIT) || to === KIT));

test('only tests call shapeProblems: the sandbox does not check the answers it serves', () => {
	const edges = edgesOf(['nodes', 'credentials', 'document', 'sandbox', 'scripts', 'test'].flatMap(importingFiles));
	// shapes.ts holds the checker alone, so importing it is the only way to call it.
	expect(Object.keys(shapes)).toEqual(['shapeProblems']);
	// The reading sees who imports the checker (the kit, the wire test) and who imports the kit.
	expect(edges).toContainEqual({ from: KIT, to: SHAPES });
	expect(edges).toContainEqual({ from: 'test/node/v6Wire.test.ts', to: SHAPES });
	expect(edges.filter(({ to }) => to === KIT).length).toBeGreaterThan(0);
	expect(outsideTests(edges)).toEqual([]);
	// The rule refuses the server importing the checker, and a test's support file importing the kit.
	const planted = [
		{ from: 'sandbox/server.ts', to: SHAPES },
		{ from: 'test/node/support.ts', to: KIT },
	];
	expect(outsideTests([...edges, ...planted])).toEqual(planted);
	expect(contributing).toContain('The sandbox does not check its answers as it serves them');
});

// What the transport does with the operation is test/transport/staffToken.test.ts: through n8n's
// engine, an operation with `userToken` and one with `tokenWhenHeld` send the token, one with
// neither does not. This keeps the words in step.
test('the transport, not the credential, decides from the operation which calls carry the staff token', () => {
	expect(contributing).not.toContain('The credential decides which calls carry the staff token');
	expect(contributing).toContain("Which calls carry the staff token is the transport's decision, from the operation");
});
