import { spawnSync } from 'node:child_process';
import {
	copyFileSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { publishProblems } from '../../scripts/publishCheck';

const READY = {
	homepage: 'https://github.com/someone/n8n-nodes-mindbody#readme',
	repository: { type: 'git', url: 'git+https://github.com/someone/n8n-nodes-mindbody.git' },
	author: { name: 'Someone', email: 'someone@example.org' },
};

test('lets a package with homepage, repository and author email be published', () => {
	expect(publishProblems(READY)).toEqual([]);
	expect(
		publishProblems({ ...READY, author: 'Someone <someone@example.org>', repository: 'https://github.com/someone/x' }),
	).toEqual([]);
});

test.each<[string, object, RegExp]>([
	['no homepage', { homepage: undefined }, /"homepage"/],
	['a homepage that is no URL', { homepage: 'soon' }, /"homepage"/],
	['no repository', { repository: undefined }, /"repository"/],
	['a repository without a URL', { repository: { type: 'git' } }, /"repository"/],
	['an author without email', { author: { name: 'Someone' } }, /"author"/],
	['a placeholder email', { author: { name: 'x', email: 'dev@project.invalid' } }, /"author"/],
])('refuses %s', (_label, change, expected) => {
	const problems = publishProblems({ ...READY, ...change });
	expect(problems).toHaveLength(1);
	expect(problems[0]).toMatch(expected);
});

describe('npm publish, through prepack', () => {
	const root = join(__dirname, '../..');
	const ours = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
		scripts: Record<string, string>;
		[field: string]: unknown;
	};
	let dir: string;
	beforeEach(() => {
		// A copy of the package with its own prepack and check script, so npm runs them as it would here.
		dir = mkdtempSync(join(tmpdir(), 'publish-check-'));
		mkdirSync(join(dir, 'scripts'));
		copyFileSync(join(root, 'scripts/publishCheck.ts'), join(dir, 'scripts/publishCheck.ts'));
		symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	const publish = (pkg: object) => {
		writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
		return spawnSync('npm', ['publish', '--dry-run'], { cwd: dir, encoding: 'utf8' });
	};

	test('prepack checks the fields before it builds', () => {
		expect(ours.scripts.prepack).toMatch(/^tsx scripts\/publishCheck\.ts && npm run build$/);
	});

	test('refuses without homepage, repository and author e-mail, naming each, and builds nothing', () => {
		const result = publish({
			...ours,
			homepage: undefined,
			repository: undefined,
			author: { name: 'n8n-nodes-mindbody contributors' },
		});
		expect(result.status).not.toBe(0);
		expect(result.stderr).toContain('Not published: package.json needs');
		for (const field of ['"homepage"', '"repository"', '"author"']) expect(result.stderr).toContain(field);
		expect(result.stdout).not.toContain('n8n-node build');
		expect(existsSync(join(dir, 'dist'))).toBe(false);
	}, 60_000);

	test('goes past the check once the fields are there', () => {
		// Only the check: the real prepack would build next.
		const result = publish({ ...ours, ...READY, scripts: { prepack: 'tsx scripts/publishCheck.ts && echo checked' } });
		expect(result.stdout).toContain('checked');
		expect(result.stderr).not.toContain('Not published');
	}, 60_000);
});
