import type { Operation, Resource } from './types';

/**
 * What an AI agent reads of an operation offered as a tool: what it does, whether it only reads,
 * changes data or books and charges (the operation's caution), which operation gives each ID it
 * needs, and what the answer holds.
 *
 * n8n describes a node used as a tool with its `toolDescription` parameter, or, without one, with
 * "{action} in Mindbody". A node whose properties already hold a `toolDescription` keeps it when n8n
 * makes its tool variant (n8n adds its own Description field only to nodes without one), so the
 * node offers one such property per operation, shown only in the tool variant (`@tool`), its
 * default the text below: n8n fills a parameter's default in when it loads the workflow, and the
 * agent (and the MCP Server Trigger) read the description from the parameters. A person can still
 * rewrite it in the tool's Description field.
 */

/** OpenAI refuses a function tool whose description is longer than this; n8n passes it on as is. */
export const TOOL_DESCRIPTION_LIMIT = 1024;

/** An operation by its identity in the catalogue: `resource.operation`. */
export type OperationKey = `${string}.${string}`;

export interface ToolWords {
	/** What the call does, as a sentence with no subject: "Finds clients by name, …". */
	does: string;
	/** Each ID the call needs ("class ID"), and the operation whose answer holds it. */
	needs?: Readonly<Record<string, OperationKey>>;
	/** What the answer holds, after "Answers with". */
	answer: string;
	/** A call that changes nothing although it is not a GET (a search sent as a POST). */
	readsOnly?: boolean;
}

/** The words of the operations written so far; the others fall back to their node description. */
export const TOOL_WORDS: Readonly<Record<OperationKey, ToolWords>> = {
	'client.getMany': {
		does: 'Finds clients by name, e-mail address or phone number, or lists them page by page',
		answer: "each client's ID (the client ID other operations ask for), name, e-mail address, phone and status",
	},
	'client.getSchedule': {
		does: 'Lists the classes and appointments one client is booked into between two dates',
		needs: { 'client ID': 'client.getMany' },
		answer: "each booking's class or appointment ID, start time in the business's local time, name and status",
	},
	'client.getVisits': {
		does: "Lists one client's visits (classes and appointments attended, booked or missed) between two dates",
		needs: { 'client ID': 'client.getMany' },
		answer:
			'each visit: class or appointment, start time, whether the client signed in, and the pricing option that paid',
	},
	'class.getMany': {
		does: "Lists the business's classes between two dates, filtered by teacher, location or kind of class",
		answer:
			"each class's ID (the class ID booking operations ask for), start and end time in the business's local time, name, teacher, location and how many are booked of the capacity",
	},
	'class.addClient': {
		does: 'Books one client into one class, or onto its waiting list when the class is full',
		needs: { 'client ID': 'client.getMany', 'class ID': 'class.getMany' },
		answer: 'the booking (visit) made',
	},
	'class.removeClient': {
		does: "Cancels one client's booking in one class",
		needs: { 'client ID': 'client.getMany', 'class ID': 'client.getSchedule' },
		answer: 'the class the booking was removed from',
	},
	'pricingOption.getMany': {
		does: 'Lists the pricing options the business sells (class passes, memberships, intro offers)',
		answer: "each pricing option's ID, name, price, number of sessions and how long it lasts",
	},
	'staff.getMany': {
		does: "Lists the business's staff members",
		answer: "each staff member's ID, name and what they teach or offer",
	},
	'sale.checkout': {
		does: 'Sells the items of a shopping cart to a client and takes the payment',
		needs: { 'client ID': 'client.getMany', 'pricing option ID': 'pricingOption.getMany' },
		answer: 'the sale made, its items and the payments taken',
	},
};

const keyOf = (operation: Operation): OperationKey => `${operation.resource}.${operation.operation}`;

/** "Class → Get Many": how the node names an operation, and how the descriptions point to one. */
function labelOf(operation: Operation, resources: readonly Resource[]): string {
	const resource = resources.find((r) => r.value === operation.resource);
	return `${resource?.name ?? operation.resource} → ${operation.name}`;
}

/** Reads, changes data, or books and charges: the caution the operation carries says which. */
function effectOf(operation: Operation, words?: ToolWords): string {
	if (operation.toolWarning) return `Caution: ${operation.toolWarning}.`;
	return operation.method === 'GET' || words?.readsOnly ? 'Only reads.' : 'Changes data in Mindbody.';
}

/**
 * The description an agent reads of one operation, e.g. "Class → Add Client: Books one client into
 * one class, … Caution: books the client into a real class. The client ID comes from Client → Get
 * Many; the class ID from Class → Get Many. Answers with the booking (visit) made."
 */
export function toolDescriptionOf(
	operation: Operation,
	operations: readonly Operation[],
	resources: readonly Resource[],
): string {
	const words = TOOL_WORDS[keyOf(operation)];
	const parts = [`${labelOf(operation, resources)}: ${(words?.does ?? operation.description).replace(/\.$/, '')}.`];
	parts.push(effectOf(operation, words));
	const needs = Object.entries(words?.needs ?? {}).map(([id, from], index) => {
		const source = operations.find((o) => keyOf(o) === from);
		if (!source) throw new Error(`${keyOf(operation)}: the ${id} comes from ${from}, which is no operation`);
		return `${index === 0 ? `The ${id} comes from` : `the ${id} from`} ${labelOf(source, resources)}`;
	});
	if (needs.length) parts.push(`${needs.join('; ')}.`);
	if (words) parts.push(`Answers with ${words.answer}.`);
	return parts.join(' ');
}

/**
 * The node's Description field of its tool variant: one per operation, shown only when the node is
 * used as a tool, its default the operation's description. (A property of the node's description:
 * with the integration it moves to nodes/Mindbody/description/.)
 */
export function toolDescriptionProperties(operations: readonly Operation[], resources: readonly Resource[]) {
	return operations.map((operation) => ({
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string' as const,
		typeOptions: { rows: 3 },
		default: toolDescriptionOf(operation, operations, resources),
		description: 'What the AI agent reads about this tool: what it does, what it needs and what it answers',
		displayOptions: { show: { '@tool': [true], resource: [operation.resource], operation: [operation.operation] } },
	}));
}
