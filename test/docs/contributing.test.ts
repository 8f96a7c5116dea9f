import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import glob from 'fast-glob';

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

test('only tests call shapeProblems: the sandbox does not check the answers it serves', () => {
	const callers = sourceFiles('{nodes,sandbox,scripts,test}/**/*.ts')
		.filter((file) => file !== 'sandbox/v6/shapes.ts' && /\bshapeProblems\(/.test(read(file)))
		.map((file) => relative(root, join(root, file)));
	expect(callers.length).toBeGreaterThan(0);
	const isTest = (file: string) => file.endsWith('.test.ts') || file === 'sandbox/test/saleTestKit.ts';
	expect(callers.filter((file) => !isTest(file))).toEqual([]);
	// The kit is a test's: only test files import it.
	const kitUsers = sourceFiles('{nodes,sandbox,scripts,test}/**/*.ts').filter((file) =>
		/from '[./]*(?:test\/)?saleTestKit'/.test(read(file)),
	);
	expect(kitUsers.filter((file) => !file.endsWith('.test.ts'))).toEqual([]);
	expect(contributing).toContain('The sandbox does not check its answers as it serves them');
});

test('the transport, not the credential, decides from the operation which calls carry the staff token', () => {
	const transport = read('nodes/shared/transport/index.ts');
	expect(transport).toMatch(/operation\.userToken \|\| operation\.tokenWhenHeld/);
	expect(contributing).not.toContain('The credential decides which calls carry the staff token');
	expect(contributing).toContain("Which calls carry the staff token is the transport's decision, from the operation");
});
