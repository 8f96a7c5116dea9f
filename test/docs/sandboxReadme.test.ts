import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** sandbox/README.md names a test for each rule, error and event tie: each must exist. */
const root = join(__dirname, '../..');
const readme = readFileSync(join(root, 'sandbox/README.md'), 'utf8');

/** Every `file.test › name…` the tables cite (several per cell, split by `;`). */
const citations = readme
	.split('\n')
	.filter((line) => line.startsWith('|') && line.includes('›') && !line.startsWith('| Spec line'))
	.flatMap((line) => {
		const cell = line.split('|').at(-2)!.trim();
		let file = '';
		return cell.split(';').map((part) => {
			const [named, name] = part.includes('›') ? part.split('›') : [file, part];
			file = named.trim() || file;
			return { file, name: name.trim().replace(/…$/, '').trim() };
		});
	});

/**
 * The names a test file gives its tests and groups: the first argument of `test`, `it` and `describe`
 * (`.each` too), read from the code, not its comments.
 */
function testNamesOf(file: string): string[] {
	// A file named by its path is read from the repository's root; a bare name is in sandbox/v6/.
	const path = file.includes('/') ? join(root, `${file}.ts`) : join(root, 'sandbox/v6', `${file}.ts`);
	const code = readFileSync(path, 'utf8')
		.split('\n')
		.filter((line) => !/^\s*(\/\/|\/?\*)/.test(line))
		.join('\n');
	const call = /\b(?:test|it|describe)(?:\.each\([\s\S]*?\))?\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
	return [...code.matchAll(call)].map(([, , name]) => name.replace(/\\(['"`])/g, '$1'));
}

test('the rules table cites tests that exist, by the names the tests are given', () => {
	expect(citations.length).toBeGreaterThan(60);
	// A cell cites a name whole or in parts split by `;` (names hold `;` too): each part is in one name.
	const missing = citations.filter(({ file, name }) => !testNamesOf(file).some((test) => test.includes(name)));
	expect(missing).toEqual([]);
});

test('a name found only in a comment is not a test', () => {
	// clients.test's names, and a sentence from its comments: only the first counts.
	const names = testNamesOf('clients.test');
	expect(names.length).toBeGreaterThan(5);
	const comment = readFileSync(join(root, 'sandbox/v6/clients.test.ts'), 'utf8')
		.split('\n')
		.find((line) => /^\s*\* \w+/.test(line))!
		.replace(/^\s*\* /, '')
		.trim();
	expect(comment.length).toBeGreaterThan(10);
	expect(names.some((test) => test.includes(comment))).toBe(false);
});

test('the README names every option the sandbox runner reads', () => {
	const script = readFileSync(join(root, 'sandbox/cli.ts'), 'utf8');
	const sizes = /SIZE_KEYS[^=]*=\s*\[([^\]]*)\]/.exec(script)![1].match(/'(\w+)'/g)!;
	const named = [...script.matchAll(/(?:number|option)\(argv, '(\w+)'\)/g)].map((m) => m[1]);
	const flags = [...script.matchAll(/includes\('--([\w-]+)'\)/g)].map((m) => m[1]);
	const options = [...new Set([...sizes.map((s) => s.slice(1, -1)), ...named, ...flags])];
	expect(options).toEqual(expect.arrayContaining(['port', 'seed', 'clients', 'https-only']));
	expect(options.filter((name) => !readme.includes(`\`--${name}\``))).toEqual([]);
});
