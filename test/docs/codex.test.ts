import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import { MindbodyPollTrigger } from '../../nodes/MindbodyPollTrigger/MindbodyPollTrigger.node';
import { MindbodyTrigger } from '../../nodes/MindbodyTrigger/MindbodyTrigger.node';
import { N8N_CATEGORIES } from '../../scripts/packageCheck';

const root = join(__dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string };

/** GitHub's and npm's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
const anchors = new Set(
	[...readme.matchAll(/^#{1,6}\s+(.+)$/gm)].map(([, heading]) =>
		heading
			.trim()
			.toLowerCase()
			.replace(/[^\w\- ]/g, '')
			.replace(/ /g, '-'),
	),
);

/**
 * What n8n's node search matches besides the node's name: its codex aliases. Community nodes get no
 * search box inside their action list, so these words (what a studio types: "checkout",
 * "membership", "cancel") are how the node is found from a task.
 */
const STUDIO_WORDS = [
	'booking',
	'book class',
	'class booking',
	'checkout',
	'cart',
	'member',
	'membership',
	'contract',
	'autopay',
	'check in',
	'check-in',
	'visit',
	'attendance',
	'cancel',
	'cancel booking',
	'late cancel',
	'waitlist',
	'waiting list',
	'wait list',
	'staff',
	'pilates',
	'salon',
];

test("the action node, which n8n lists with the webhook trigger's events, is found by a studio's words", () => {
	for (const file of ['nodes/Mindbody/Mindbody.node.json', 'nodes/MindbodyTrigger/MindbodyTrigger.node.json']) {
		const codex = JSON.parse(readFileSync(join(root, file), 'utf8'));
		expect([file, codex.alias]).toEqual([file, expect.arrayContaining(STUDIO_WORDS)]);
	}
});

describe.each([
	['nodes/Mindbody/Mindbody.node.json', new Mindbody().description.name],
	['nodes/MindbodyTrigger/MindbodyTrigger.node.json', new MindbodyTrigger().description.name],
	['nodes/MindbodyPollTrigger/MindbodyPollTrigger.node.json', new MindbodyPollTrigger().description.name],
])('%s', (file, nodeName) => {
	const codex = JSON.parse(readFileSync(join(root, file), 'utf8'));

	test('names the node as n8n loads it from this package', () => {
		expect(codex.node).toBe(`${pkg.name}.${nodeName}`);
	});

	test('places it in n8n categories and finds it by the words users type', () => {
		expect(codex.categories.length).toBeGreaterThan(0);
		for (const category of codex.categories) expect(N8N_CATEGORIES).toContain(category);
		expect(codex.alias).toEqual(expect.arrayContaining(['booking', 'class', 'appointment', 'sale', 'client']));
	});

	test("links to sections of the package's README that exist", () => {
		const links = [...codex.resources.primaryDocumentation, ...codex.resources.credentialDocumentation];
		expect(links.length).toBeGreaterThanOrEqual(2);
		for (const { url } of links) {
			const [page, anchor] = url.split('#');
			expect(page).toBe(`https://www.npmjs.com/package/${pkg.name}`);
			expect([url, anchors.has(anchor)]).toEqual([url, true]);
		}
	});
});
