import type { INodePropertyOptions } from 'n8n-workflow';

import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';
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
