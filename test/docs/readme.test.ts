import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { operations } from '../../nodes/shared/catalogue';
import { withTable } from '../../scripts/operationTable';

const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');

test("README's operation table is the catalogue's (npm run readme:operations)", () => {
	expect(readme).toBe(withTable(readme));
	for (const op of operations) expect(readme).toContain(`\`${op.method} ${op.path}\``);
});

test('README names the commands CI and a new user run', () => {
	expect(readme).toContain('npm install && npm start');
	expect(readme).toContain('npm test');
});

/** README without its generated tables (between `<!-- name:begin -->` and `<!-- name:end -->`). */
const OPERATIONS_TABLE = /<!-- operations:begin -->[\s\S]*?<!-- operations:end -->/;
const prose = readme.replace(/<!-- (\w+):begin -->[\s\S]*?<!-- \1:end -->/g, '');
const headings = [...readme.matchAll(/^(#{2,3}) (.+)$/gm)].map(([, , heading]) => heading);

test('README is at most 450 lines beside the generated operations table', () => {
	expect(readme).toMatch(OPERATIONS_TABLE);
	expect(readme.replace(OPERATIONS_TABLE, '').split('\n').length).toBeLessThanOrEqual(450);
});

test("README is a user's: test files, measurements and history are in docs/", () => {
	expect(prose.match(/\btest\/[\w/.-]+/g) ?? []).toEqual([]);
	expect(prose.match(/\.test\.ts\b/g) ?? []).toEqual([]);
	expect(prose).not.toMatch(/Measured by|Before these changes|takes (this|these) pictures?/);
});

test('README goes from what the package does to installing it, before the quick start for a clone', () => {
	const order = ['Install in n8n', 'Credentials', 'Operations', 'The trigger', 'The poll trigger', 'Errors'];
	const places = order.map((heading) => headings.indexOf(heading));
	expect(places.every((place) => place >= 0)).toBe(true);
	expect([...places].sort((a, b) => a - b)).toEqual(places);
	expect(headings.findIndex((heading) => heading.startsWith('Troubleshooting'))).toBeGreaterThan(places.at(-1)!);
	expect(headings.findIndex((heading) => heading.startsWith('Quick start'))).toBeGreaterThan(places[0]);
});

test("README's Compatibility names the n8n versions the end-to-end suite runs", () => {
	const compatibility = readme.slice(
		readme.indexOf('## Compatibility'),
		readme.indexOf('\n## ', readme.indexOf('## Compatibility') + 1),
	);
	const hosts = readdirSync(join(__dirname, '../../n8n-host')).filter((name) => /^\d+\.\d+\.\d+$/.test(name));
	expect(hosts.length).toBeGreaterThan(1);
	for (const host of hosts) expect(compatibility).toContain(`**${host}**`);
});

test('every page README links to exists', () => {
	const links = [...readme.matchAll(/\]\(((?:docs|sandbox|n8n-host|examples)\/[^)#\s]+|[A-Z]+\.md)(?:#[^)]*)?\)/g)];
	expect(links.length).toBeGreaterThan(5);
	expect(links.map(([, path]) => path).filter((path) => !existsSync(join(__dirname, '../..', path)))).toEqual([]);
});
