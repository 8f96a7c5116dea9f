import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/**
 * The build: `n8n-node build` (tsc, then every .png and .svg copied into dist/), then the
 * top-level gulpfile's build:codex, which copies each node's codex file beside its JavaScript.
 * The gulpfile's tasks are gulp-shaped functions run with plain Node, so gulp is not needed.
 */
const ROOT = resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
	scripts: Record<string, string>;
	devDependencies?: Record<string, string>;
};

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'gulpfile-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (path: string, content: string) => {
	mkdirSync(dirname(join(dir, path)), { recursive: true });
	writeFileSync(join(dir, path), content);
};

describe('gulpfile.js', () => {
	test('sits at the top level and npm run build runs its build:codex after n8n-node build', () => {
		expect(existsSync(join(ROOT, 'gulpfile.js'))).toBe(true);
		expect(pkg.scripts.build).toBe('n8n-node build && node gulpfile.js build:codex');
		// Nothing in the build needs gulp itself.
		expect(pkg.devDependencies?.gulp).toBeUndefined();
	});

	test('build:codex copies every codex file byte for byte into dist/, beside its node', () => {
		copyFileSync(join(ROOT, 'gulpfile.js'), join(dir, 'gulpfile.js'));
		const codex = '{\n\t"node": "n8n-nodes-x.x",\n\t"categories": ["Sales"]\n}\n';
		write('nodes/X/X.node.json', codex);
		write('nodes/Y/Y.node.json', '{"node":"n8n-nodes-x.y"}');
		write('nodes/X/X.node.ts', 'export class X {}');
		write('nodes/shared/data.json', '{}');
		const said = execFileSync(process.execPath, ['gulpfile.js', 'build:codex'], { cwd: dir, encoding: 'utf8' });
		expect(readFileSync(join(dir, 'dist/nodes/X/X.node.json'), 'utf8')).toBe(codex);
		expect(readFileSync(join(dir, 'dist/nodes/Y/Y.node.json'), 'utf8')).toBe('{"node":"n8n-nodes-x.y"}');
		expect(existsSync(join(dir, 'dist/nodes/X/X.node.ts'))).toBe(false);
		expect(existsSync(join(dir, 'dist/nodes/shared/data.json'))).toBe(false);
		expect(said).toContain('copied nodes/X/X.node.json, nodes/Y/Y.node.json');
	});

	test('build:codex fails the build when there is no codex file to copy', () => {
		copyFileSync(join(ROOT, 'gulpfile.js'), join(dir, 'gulpfile.js'));
		write('nodes/X/X.node.ts', 'export class X {}');
		expect(() => execFileSync(process.execPath, ['gulpfile.js', 'build:codex'], { cwd: dir, stdio: 'pipe' })).toThrow(
			/no codex file/,
		);
	});

	test('its tasks are gulp tasks: exported functions with a description', () => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const tasks = require(join(ROOT, 'gulpfile.js')) as Record<string, { description?: string }>;
		expect(Object.keys(tasks).sort()).toEqual(['build:codex', 'default']);
		expect(typeof tasks['build:codex']).toBe('function');
		expect(tasks['build:codex'].description).toMatch(/codex/);
	});
});
