import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { operations, tasks } from '../../nodes/shared/catalogue';
import { events } from '../../nodes/shared/events/eventCatalogue';
import { HANDED_ON_CHANGES, POLL_RECORD_MAX } from '../../nodes/MindbodyPollTrigger/poll';

/**
 * The counts written in prose (how many operations, of which kind, how many event kinds) are the
 * catalogue's. A new operation or event fails here, naming each sentence to change.
 */

const root = join(__dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

const v6 = operations.filter((op) => op.v6).length;
const COUNTS = {
	all: operations.length,
	listed: operations.length - v6,
	v6,
	events: events.length,
	tasks: tasks.length,
	// What n8n's nodes panel counts: every operation and every Front Desk task.
	actions: operations.length + tasks.length,
};
type Kind = keyof typeof COUNTS;

/** The phrases that carry a count, and what each counts. */
const PHRASES: Array<[RegExp, Kind]> = [
	[/\ball (\d+) operations\b/g, 'all'],
	[/\bits (\d+) operations\b/g, 'all'],
	[/\bone of the (\d+) operations\b/g, 'all'],
	[/\((\d+) in all\)/g, 'all'],
	[/\bthe (\d+) the spec lists\b/g, 'listed'],
	[/\bspec's (\d+) listed operations\b/g, 'listed'],
	[/\bthe (\d+) of (?:Mindbody's Public API v6|the v6)\b/g, 'v6'],
	[/\b(\d+) operations more\b/g, 'v6'],
	[/\ball (\d+) event kinds\b/g, 'events'],
	[/\b(\d+)\s+everyday tasks\b/g, 'tasks'],
	[/\b(\d+) actions in n8n's nodes panel\b/g, 'actions'],
];

/** Where counts are written: README (beside its generated tables), the sandbox's, the node's comment, unreleased changes. */
function proseOf(file: string): string {
	const text = read(file);
	if (file === 'CHANGELOG.md') {
		const start = text.indexOf('## Unreleased');
		return text.slice(start, text.indexOf('\n## ', start + 1));
	}
	return text.replace(/<!-- (\w+):begin -->[\s\S]*?<!-- \1:end -->/g, '');
}

const FILES = ['README.md', 'sandbox/README.md', 'nodes/Mindbody/Mindbody.node.ts', 'CHANGELOG.md'];

test.each(FILES)("the counts in %s are the catalogue's", (file) => {
	const prose = proseOf(file);
	const found = PHRASES.flatMap(([phrase, kind]) =>
		[...prose.matchAll(phrase)].map((match) => ({ phrase: match[0], kind, count: Number(match[1]) })),
	);
	expect(found.length).toBeGreaterThan(0);
	expect(found.filter(({ kind, count }) => COUNTS[kind] !== count)).toEqual([]);
	// A count of operations or event kinds written another way is not checked: it fails here instead.
	const explained = new Set(found.map(({ phrase }) => phrase));
	const anyCount = [
		...prose.matchAll(/(?<![\w.])\d[\d,]* (?:listed |more )?(?:operations|event kinds)\b[^.\n]{0,20}/g),
	];
	const unexplained = anyCount
		.map((match) => match[0])
		.filter((phrase) => ![...explained].some((known) => known.includes(phrase.split(' ')[0])));
	expect(unexplained).toEqual([]);
});

test('the catalogue has both kinds and the event list', () => {
	expect(COUNTS.listed).toBeGreaterThan(0);
	expect(COUNTS.v6).toBeGreaterThan(0);
	expect(COUNTS.events).toBeGreaterThan(0);
});

test("the poll trigger's record and re-read bounds in the docs are the node's", () => {
	const pages = ['README.md', 'docs/poll-trigger.md', 'docs/queue-mode-and-crashes.md'].map(read).join('\n');
	const written = (pattern: RegExp) => [...pages.matchAll(pattern)].map((match) => Number(match[1].replace(',', '')));
	const changes = written(/\b(\d[\d,]*) changes(?= in all|\)|: a third|, before)/g);
	const record = written(/newest (\d[\d,]*)(?= per trigger|\)| entries)/g);
	expect(changes.length).toBeGreaterThan(0);
	expect(record.length).toBeGreaterThan(0);
	expect(new Set(changes)).toEqual(new Set([HANDED_ON_CHANGES]));
	expect(new Set(record)).toEqual(new Set([POLL_RECORD_MAX]));
});
