import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { checkPackage } from '../../scripts/packageCheck';

/** Unpacked packages made up file by file, the good one shaped like ours. */

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'package-check-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (path: string, content: unknown) => {
	mkdirSync(dirname(join(dir, path)), { recursive: true });
	writeFileSync(join(dir, path), typeof content === 'string' ? content : JSON.stringify(content));
};

const CODEX = {
	node: 'n8n-nodes-x.x',
	categories: ['Productivity'],
	alias: ['booking'],
	resources: { primaryDocumentation: [{ url: 'https://www.npmjs.com/package/n8n-nodes-x#operations' }] },
};

function goodPackage() {
	write('package.json', {
		name: 'n8n-nodes-x',
		n8n: { nodes: ['dist/nodes/X/X.node.js'], credentials: ['dist/credentials/X.credentials.js'] },
	});
	write('dist/nodes/X/X.node.js', "icon = 'file:../../icons/x.svg';\n");
	write('dist/nodes/X/X.node.json', CODEX);
	write('dist/credentials/X.credentials.js', "icon = 'file:../icons/x.svg';\n");
	write('dist/icons/x.svg', '<svg/>');
	write('README.md', '![shot](docs/shot.png)\n');
	write('docs/shot.png', 'png');
}

test('passes a package whose every named file is in it', () => {
	goodPackage();
	expect(checkPackage(dir)).toEqual([]);
});

test.each<[string, () => void, RegExp]>([
	[
		'a main that is not shipped',
		() => write('package.json', { name: 'n8n-nodes-x', main: 'index.js', n8n: { nodes: ['dist/nodes/X/X.node.js'] } }),
		/main names index\.js/,
	],
	[
		'runtime dependencies',
		() =>
			write('package.json', {
				name: 'n8n-nodes-x',
				dependencies: { axios: '1' },
				n8n: { nodes: ['dist/nodes/X/X.node.js'] },
			}),
		/runtime dependencies axios/,
	],
	['a missing codex file', () => rmSync(join(dir, 'dist/nodes/X/X.node.json')), /no codex file/],
	[
		'a codex without categories',
		() => write('dist/nodes/X/X.node.json', { ...CODEX, categories: [] }),
		/no categories/,
	],
	[
		'an unknown category',
		() => write('dist/nodes/X/X.node.json', { ...CODEX, categories: ['Fitness'] }),
		/unknown category "Fitness"/,
	],
	[
		'a codex of another package',
		() => write('dist/nodes/X/X.node.json', { ...CODEX, node: 'other.x' }),
		/node must be "n8n-nodes-x\.<node name>"/,
	],
	[
		'a missing icon',
		() => rmSync(join(dir, 'dist/icons/x.svg')),
		/file:\.\.\/\.\.\/icons\/x\.svg is not in the package/,
	],
	[
		'a source map whose file is missing',
		() => write('dist/nodes/X/X.node.js', '//# sourceMappingURL=X.node.js.map\n'),
		/source map X\.node\.js\.map/,
	],
	[
		'a map pointing at sources not shipped',
		() => write('dist/nodes/X/X.node.js.map', { sources: ['../../../nodes/X/X.node.ts'] }),
		/points at \.\.\/\.\.\/\.\.\/nodes\/X\/X\.node\.ts/,
	],
	['a README image not shipped', () => rmSync(join(dir, 'docs/shot.png')), /image docs\/shot\.png/],
	['a stray file in dist', () => write('dist/docs/shot.png', 'png'), /dist\/docs\/shot\.png: shipped, but nothing/],
])('finds %s', (_label, spoil, expected) => {
	goodPackage();
	spoil();
	const problems = checkPackage(dir);
	expect([problems, problems.some((line) => expected.test(line))]).toEqual([problems, true]);
});
