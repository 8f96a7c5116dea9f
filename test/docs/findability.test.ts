import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import type { INodePropertyOptions } from 'n8n-workflow';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
import { EVENT_CHOICES, FOLLOW_UP_EVENTS } from '../../nodes/MindbodyPollTrigger/eventChoices';
import { MindbodyTrigger } from '../../nodes/MindbodyTrigger/MindbodyTrigger.node';
import { events } from '../../nodes/shared/events/eventCatalogue';

/**
 * What n8n's nodes panel shows of the package. It lists the action node and the webhook trigger as one
 * entry, "Mindbody", under the trigger's description (its node name without "Trigger" is the action
 * node's). Inside, each option of the trigger's Event or Events field is a trigger entry, named by the
 * option's action, or else "On" and the option's name in lower case ("On client client created" when
 * the name repeats its group).
 */
const trigger = new MindbodyTrigger().description;
const action = new Mindbody().description;

describe("n8n's nodes panel", () => {
	test('lists the two nodes as one, under a description of the whole Mindbody node', () => {
		expect(trigger.name.replace('Trigger', '')).toBe(action.name);
		expect(trigger.description).toMatch(/\bMindbody\b/);
		// One sentence that names what the action node does as well as the trigger.
		expect(trigger.description).toMatch(/^[A-Z][^.]*[a-z]$/);
		expect(trigger.description).toMatch(/\bbook\b/i);
		expect(trigger.description).toMatch(/\bclients\b/);
		expect(trigger.description).toMatch(/\bworkflows?\b/);
	});

	test('names each trigger entry "On" and the event, the group not repeated ("On Client Created")', () => {
		const field = trigger.properties.find((p) =>
			['event', 'events', 'trigger on'].includes(p.displayName.toLowerCase()),
		);
		const options = (field?.options ?? []) as INodePropertyOptions[];
		expect(options).toHaveLength(events.length);
		const shown = options.map((option) => option.action ?? `On ${option.name.toLowerCase()}`);
		expect(shown).toEqual(expect.arrayContaining(['On Client Created', 'On Appointment Booked', 'On Sale Created']));
		for (const option of options) {
			expect(option.name).not.toMatch(/:/);
			expect(option.action).toBe(`On ${option.name}`);
			// The event values stay as saved workflows hold them.
			expect(events.map((event) => event.eventId)).toContain(option.value);
		}
		expect(shown.filter((text) => /^On (\w+) \1\b/i.test(text))).toEqual([]);
	});
});

const root = join(__dirname, '../..');

/**
 * The poll trigger's codex as the build puts it beside the node's JavaScript: the build's own
 * step (gulpfile.js build:codex) run on the codex files, in a directory of its own.
 */
function builtPollCodex(): { alias: string[] } {
	const dir = mkdtempSync(join(tmpdir(), 'codex-'));
	try {
		copyFileSync(join(root, 'gulpfile.js'), join(dir, 'gulpfile.js'));
		const codexFiles = readdirSync(join(root, 'nodes'), { recursive: true })
			.map(String)
			.filter((file) => file.endsWith('.node.json'));
		for (const file of codexFiles) {
			mkdirSync(dirname(join(dir, 'nodes', file)), { recursive: true });
			copyFileSync(join(root, 'nodes', file), join(dir, 'nodes', file));
		}
		execFileSync(process.execPath, ['gulpfile.js', 'build:codex'], { cwd: dir, stdio: 'pipe' });
		const built = join(dir, 'dist/nodes/MindbodyPollTrigger/MindbodyPollTrigger.node.json');
		return JSON.parse(readFileSync(built, 'utf8')) as { alias: string[] };
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/**
 * The poll trigger is its own entry in the nodes panel, found by its name or its codex aliases. Its
 * follow-up events are jobs a studio looks for by what it wants done ("lapsed", "renewal"), not by
 * "Mindbody Poll Trigger": each event brings its own search words, and each is an alias.
 */
describe("n8n's nodes panel: the poll trigger's jobs", () => {
	const codex = builtPollCodex();
	const choices: Array<{ value: string; name: string; searchWords: readonly string[] }> = Object.values(EVENT_CHOICES);

	test.each(choices.map((choice) => [choice.name, choice.searchWords] as const))(
		'%s brings its search words, each an alias of the built codex',
		(name, words) => {
			expect(words.length).toBeGreaterThan(0);
			expect([name, words.filter((word) => !codex.alias.includes(word))]).toEqual([name, []]);
		},
	);

	test('each follow-up job is found by the words a studio types for it', () => {
		const wordsOf = (value: string) => choices.find((choice) => choice.value === value)?.searchWords ?? [];
		const typed: Array<[string, string]> = [
			['lapsed', 'clientLapsed'],
			['win back', 'clientLapsed'],
			['renewal', 'contractEnding'],
			['contract ending', 'contractEnding'],
			['membership', 'contractEnding'],
			['reminder', 'contractEnding'],
			['sessions', 'sessionsLow'],
			['low sessions', 'sessionsLow'],
			['birthday', 'birthday'],
			['first visit', 'firstVisit'],
		];
		expect(typed.filter(([word, event]) => !wordsOf(event).includes(word))).toEqual([]);
		for (const event of FOLLOW_UP_EVENTS) expect([event, wordsOf(event).length >= 3]).toEqual([event, true]);
		// n8n matches what is typed against each alias: every word typed is one.
		expect(typed.filter(([word]) => !codex.alias.includes(word))).toEqual([]);
	});
});
