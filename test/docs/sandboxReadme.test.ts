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

test('the rules table cites tests that exist', () => {
	expect(citations.length).toBeGreaterThan(60);
	const missing = citations.filter(({ file, name }) => {
		// A file named by its path is read from the repository's root; a bare name is in sandbox/v6/.
		const path = file.includes('/') ? join(root, `${file}.ts`) : join(root, 'sandbox/v6', `${file}.ts`);
		const source = readFileSync(path, 'utf8').replace(/\\'/g, "'");
		return !source.includes(name);
	});
	expect(missing).toEqual([]);
});

test('the README names every option npm run sandbox reads', () => {
	const script = readFileSync(join(root, 'scripts/sandbox.ts'), 'utf8');
	const sizes = /SIZE_KEYS[^=]*=\s*\[([^\]]*)\]/.exec(script)![1].match(/'(\w+)'/g)!;
	const named = [...script.matchAll(/(?:number|option)\('(\w+)'\)/g)].map((m) => m[1]);
	const flags = [...script.matchAll(/includes\('--([\w-]+)'\)/g)].map((m) => m[1]);
	const options = [...new Set([...sizes.map((s) => s.slice(1, -1)), ...named, ...flags])];
	expect(options).toEqual(expect.arrayContaining(['port', 'seed', 'clients', 'https-only']));
	expect(options.filter((name) => !readme.includes(`\`--${name}\``))).toEqual([]);
});
