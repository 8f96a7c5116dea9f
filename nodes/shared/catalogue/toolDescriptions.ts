import type { V6Field, V6TypeFacts } from '../../../document/factTypes';
import { V6_TYPES } from '../../../document/facts';
import { FRONT_DESK, operations, resources } from './index';
import type { ListSource } from './listSources';
import type { Operation } from './types';
import { wordsOf } from './v6/fromDocument';

/**
 * What an AI agent reads of an operation offered as a tool: what it does, whether it only reads,
 * changes data or books and charges (the operation's caution), which operation gives each ID it
 * needs, and what the answer holds. Derived from the catalogue: the operation's description, its
 * method and caution, the lists its ID fields are picked from, and its answer's type in the v6
 * facts (or its output shape); `TOOL_WORDS` says it better where the data cannot.
 */

/** OpenAI refuses a function tool whose description is longer than this; n8n passes it on as is. */
export const TOOL_DESCRIPTION_LIMIT = 1024;

/** An operation by its identity in the catalogue: `resource.operation`. */
export type OperationKey = `${string}.${string}`;

export interface ToolWords {
	/** What the call does, better than the operation's description: "Finds clients by name, …". */
	does?: string;
	/**
	 * Required IDs that no list gives (named as the node's field is, or where they go), and the read
	 * whose answer holds them. IDs picked from a list are named from the list.
	 */
	needs?: Readonly<Record<string, OperationKey>>;
	/** What the answer holds, after "Answers with". */
	answer?: string;
	/** A call that changes nothing although it is not a GET (a search sent as a POST). */
	readsOnly?: boolean;
}

/** An ID field of the operation as the node shows it, and the list its value is picked from. */
export interface IdField {
	label: string;
	required: boolean;
	list: ListSource;
}

/** Words where the data says too little: the reads an agent starts from, and IDs no list gives. */
export const TOOL_WORDS: Readonly<Record<OperationKey, ToolWords>> = {
	'client.getMany': {
		does: 'Finds clients by name, e-mail address or phone number (Search Text), or by their IDs',
		answer:
			"each client's Id (the client ID other operations ask for), FirstName, LastName, Email, MobilePhone and Status",
	},
	'client.getSchedule': {
		answer:
			'each booking: ClassId or AppointmentId, Name, StartDateTime and EndDateTime (UTC), AppointmentStatus and ServiceName (the pricing option that pays)',
	},
	'client.getVisits': {
		answer:
			'each visit: ClassId or AppointmentId, Name, StartDateTime (UTC), SignedIn, Missed, LateCancelled and ServiceName (the pricing option that paid)',
	},
	'class.getMany': {
		does: "Lists the business's classes between two dates, filtered by teacher, location or kind of class",
		answer:
			"each class's Id (the class ID booking operations ask for), Name, StartDateTime and EndDateTime (UTC), StaffName, LocationName, IsCanceled and SpotsLeft (with Simplify; the raw class holds MaxCapacity and TotalBooked)",
	},
	'class.addClient': {
		does: 'Books one client into one class, or onto its waiting list when the class is full',
		answer:
			'the visit made: its Id, ClassId, ClientId, StartDateTime (UTC) and ServiceName (the pricing option that pays)',
	},
	'class.removeClient': {
		does: "Cancels one client's booking in one class (Client → Get Schedule lists the client's bookings with their ClassId)",
		answer: 'the class the booking was removed from',
	},
	'pricingOption.getMany': {
		does: 'Lists the pricing options the business sells (class passes, memberships, intro offers)',
		answer: "each pricing option's Id, Name, Price, OnlinePrice and ProgramId",
	},
	'staff.getMany': {
		does: "Lists the business's staff members, or those free for a session type at a location and time",
	},
	'sale.checkout': {
		needs: { 'pricing option IDs of the Items': 'pricingOption.getMany' },
		answer:
			'one item: ShoppingCart (Id, SaleId, CartItems, SubTotal and GrandTotal), and the Classes and Appointments it booked',
	},
	'availability.search': { readsOnly: true },
	'appointment.validateRecurring': { readsOnly: true },
	'appointment.getBookingTemplates': { readsOnly: true },
	'appointment.getMany': { needs: { 'Appointment IDs': 'appointment.search' } },
	'appointment.update': { needs: { 'Appointment ID': 'appointment.search' } },
	'appointment.complete': { needs: { 'Appointment IDs': 'appointment.search' } },
	'appointmentAddOn.getByAppointment': { needs: { 'Appointment IDs': 'appointment.search' } },
	'appointmentAddOn.getMany': { needs: { 'Add-On IDs': 'appointmentAddOn.getByAppointment' } },
	'appointmentAddOn.remove': { needs: { 'Add-On ID': 'appointmentAddOn.getByAppointment' } },
	'appointmentAddOn.delete': { needs: { 'Add-On IDs': 'appointmentAddOn.getByAppointment' } },
	'appointmentAddOn.complete': { needs: { 'Add-On IDs': 'appointmentAddOn.getByAppointment' } },
	'sale.applyPaymentOptions': { needs: { 'Appointment IDs': 'appointment.search' } },
	'sale.getEventDetails': { needs: { 'Sale ID': 'sale.getMany' } },
	'sale.return': { needs: { 'Sale ID': 'sale.getMany' } },
	'sale.updateDate': { needs: { 'Sale ID': 'sale.getMany' } },
	'appointmentAddOn.book': { needs: { 'Appointment ID': 'appointment.search' } },
	// A class instance is a class of the schedule: its ID is the class's Id.
	'class.get': { needs: { 'Class Instance ID': 'class.getMany' } },
	'class.getByQuery': { needs: { 'Class Instance ID': 'class.getMany' } },
	'class.getLocation': { needs: { 'Class Instance ID': 'class.getMany' } },
	'class.removeClients': { needs: { 'Class ID': 'class.getMany', 'Client IDs': 'client.getMany' } },
	'staffCalendar.get': { needs: { 'Staff ID': 'staff.getMany' } },
	'class.removeFromWaitlist': { needs: { 'Waitlist Entry IDs': 'class.getWaitlistEntries' } },
	'classSchedule.updateNotes': { needs: { 'Class Schedule ID': 'classSchedule.getMany' } },
	'client.deleteFormulaNote': { needs: { 'Formula Note ID': 'client.getFormulaNotes' } },
	'client.updateVisit': { needs: { 'Visit ID': 'client.getVisits' } },
	'client.updateService': { needs: { 'Client Pricing Option ID': 'client.getServices' } },
	'clientContract.suspend': { needs: { 'Client Contract ID': 'clientContract.getMany' } },
	'clientContract.terminate': { needs: { 'Client Contract ID': 'clientContract.getMany' } },
	'clientIndex.update': { needs: { 'Client Index ID': 'clientIndex.getMany' } },
	'contactLog.delete': { needs: { 'Contact Log ID': 'contactLog.getMany' } },
	'contract.initiatePurchase': { needs: { 'Payment Method ID': 'sale.getAlternativePaymentMethods' } },
	'enrollment.addClient': { needs: { 'Enrollment ID': 'enrollment.search' } },
	'giftCard.purchase': { needs: { 'Gift Card ID': 'giftCard.getMany' } },
	'consumerBooking.getBookableTimeRanges': { needs: { 'Staff IDs': 'staff.getMany' } },
	'consumerBooking.getStaffAppointmentTypes': { needs: { 'Staff ID': 'staff.getMany' } },
	'consumerBooking.getStaffAppointmentTypesAtLocation': { needs: { 'Staff ID': 'staff.getMany' } },
};

/**
 * What a Front Desk task answers where its operation's answer would mislead, by the task's
 * operation value: Client Summary sends Client → Get Complete Info first, then reads more.
 */
export const TASK_ANSWERS: Readonly<Record<string, string>> = {
	clientSummary:
		"one item per client: clientId, firstName, lastName, email, spendAllTime, spendLast12Months, visitCount (visits attended), firstVisitDate, lastVisitDate and daysSinceLastVisit (the studio's days), nextBooking (type, classId or appointmentId, name, startDateTime) or null, and lists of the active memberships and contracts (each with its endDate) and of the pricingOptions not expired (sessionsLeft, expirationDate)",
};

const keyOf = (operation: Pick<Operation, 'resource' | 'operation'>): OperationKey =>
	`${operation.resource}.${operation.operation}`;

/** "Class → Get Many": how the node names an operation, and how the descriptions point to one. */
export function labelOf(operation: Operation): string {
	const resource = resources.find((r) => r.value === operation.resource);
	return `${resource?.name ?? operation.resource} → ${operation.name}`;
}

/** The operation whose answer fills a list: each list has exactly one. */
const servingOperation = (list: ListSource) => operations.find((operation) => operation.serves === list);

const operationOf = (key: OperationKey) => operations.find((operation) => keyOf(operation) === key);

/** A sentence: the text with one full stop at its end. */
const sentence = (text: string) => `${text.trim().replace(/\.$/, '')}.`;

/** What the call does: the operation's description, or better words; a caution follows it. */
export function doesOf(operation: Operation): string {
	const does = sentence(TOOL_WORDS[keyOf(operation)]?.does ?? operation.description);
	return operation.toolWarning ? `${does} Caution: ${operation.toolWarning}.` : does;
}

/** Reads or changes data; a caution says what it books or charges (and is told with what it does). */
function effectOf(operation: Operation): string | undefined {
	if (operation.toolWarning) return undefined;
	if (operation.method === 'GET') return 'Only reads.';
	if (TOOL_WORDS[keyOf(operation)]?.readsOnly) return `Only reads (a ${operation.method} that changes nothing).`;
	return 'Changes data in Mindbody.';
}

/**
 * Each ID the call takes and the operation that gives it: required ones first, then the rest, told
 * as taken rather than optional (the document leaves some unmarked that the call cannot do without,
 * a class booking's client ID among them).
 */
function needsOf(operation: Operation, idFields: readonly IdField[]): string[] {
	const phrase = (fields: Array<{ label: string; from: Operation }>) =>
		fields.map(({ label, from }) => `the ${label} from ${labelOf(from)}`);
	const sourced = (fields: readonly IdField[]) =>
		fields.flatMap(({ label, list }) => {
			const from = servingOperation(list);
			// A list the operation serves itself (its own IDs as a filter) points nowhere new.
			return from && from !== operation ? [{ label, from }] : [];
		});
	const handWords = Object.entries(TOOL_WORDS[keyOf(operation)]?.needs ?? {}).map(([label, key]) => {
		const from = operationOf(key);
		if (!from) throw new Error(`${keyOf(operation)}: the ${label} comes from ${key}, which is no operation`);
		return { label, from };
	});
	const required = [...sourced(idFields.filter((field) => field.required)), ...handWords];
	const optional = sourced(idFields.filter((field) => !field.required));
	const parts: string[] = [];
	if (required.length) parts.push(`Needs ${phrase(required).join('; ')}.`);
	if (optional.length) parts.push(`Also takes ${phrase(optional).join('; ')}.`);
	return parts;
}

const refOf = (field: V6Field | undefined) =>
	field && typeof field === 'object' && 'ref' in field ? V6_TYPES[field.ref] : undefined;
const itemOf = (field: V6Field | undefined) =>
	field && typeof field === 'object' && 'list' in field ? field.list : undefined;

/** The fields an agent acts on first, and at most how many: the record's ID, other IDs, names, times, status. */
const FIELD_KINDS: ReadonlyArray<{ pattern: RegExp; most: number }> = [
	{ pattern: /^id$/i, most: 1 },
	{ pattern: /ids?$/i, most: 3 },
	{ pattern: /name$/i, most: 3 },
	// A change stamp last: the start and end of a thing say more.
	{ pattern: /^(?!LastModified).*(date|time)$/i, most: 2 },
	{ pattern: /status$/i, most: 1 },
];
/** Objects inside a record, named with the ID and name they hold; paging envelopes say nothing. */
const MOST_NESTED = 2;
/** Plain fields that fill a record's words up to this many where few are IDs, names, times or status. */
const MOST_PLAIN = 4;
const ENVELOPE = /^(pagination|responseDetails)/i;

/** The list of names as a reader says it: "a, b and c". */
const inWords = (names: readonly string[]) =>
	names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/**
 * A few of a record's fields, most useful first, then the objects inside it that hold an ID or
 * a name (a simplified item holds those as `LocationId`, `LocationName`), and, for an answer that
 * is no record, the lists it holds.
 */
function fieldsOf(type: V6TypeFacts, withLists = false): string {
	const entries = Object.entries(type.fields).filter(([name]) => !ENVELOPE.test(name));
	const kindOf = (name: string) => FIELD_KINDS.findIndex(({ pattern }) => pattern.test(name));
	const scalars = FIELD_KINDS.flatMap(({ most }, kind) =>
		entries
			.filter(([name, field]) => kindOf(name) === kind && !refOf(field) && !itemOf(field))
			.slice(0, most)
			.map(([name]) => name),
	);
	// Few of those (a gift card's Id alone): its other plain fields, in order, say what it is.
	const others = entries
		.filter(([name, field]) => kindOf(name) < 0 && !refOf(field) && !itemOf(field))
		.slice(0, Math.max(0, MOST_PLAIN - scalars.length))
		.map(([name]) => name);
	const nested = entries.flatMap(([name, field]) => {
		const inside = refOf(field);
		const held = inside ? ['Id', 'Name'].filter((key) => key in inside.fields) : [];
		return held.length ? [`${name} (${held.join(', ')})`] : [];
	});
	const lists = withLists ? entries.filter(([, field]) => itemOf(field)).map(([name]) => `${name} (a list)`) : [];
	const named = [...scalars, ...others, ...nested.slice(0, MOST_NESTED), ...lists.slice(0, MOST_NESTED)];
	// A record of objects alone (a reservation) is told by their names.
	return inWords(named.length ? named : entries.slice(0, MOST_PLAIN).map(([name]) => name));
}

/** "StaffMembers" → "staff member", "Classes" → "class", "WaitlistEntries" → "waitlist entry". */
const singularOf = (name: string) =>
	wordsOf(name)
		.toLowerCase()
		.replace(/ies$/, 'y')
		.replace(/(ss|x|ch|sh)es$/, '$1')
		.replace(/([^s])s$/, '$1');

/** What the answer holds: from the answer's type in the v6 facts, else from the output's shape. */
function answerOf(operation: Operation): string {
	const words =
		TOOL_WORDS[keyOf(operation)]?.answer ??
		(operation.resource === FRONT_DESK ? TASK_ANSWERS[operation.operation] : undefined);
	if (words) return words;
	const answer = operation.v6?.answer;
	const holding = operation.outputKey ? refOf(answer)?.fields[operation.outputKey] : undefined;
	switch (operation.output) {
		case 'none':
			return '{ success: true }';
		case 'deleted':
			return '{ deleted: true }';
		case 'boolean':
			return '{ success, result }: whether it succeeded';
		case 'dictionary':
			return 'one item per appointment: its appointmentId and the details of its add-ons';
		case 'namedList': {
			const record = refOf(itemOf(holding));
			const fields = record && fieldsOf(record);
			const each = `one item per ${singularOf(operation.outputKey!)}`;
			return fields ? `${each}: ${fields}` : each;
		}
		case 'unwrap': {
			const record = refOf(holding);
			const fields = record && fieldsOf(record);
			const noun = wordsOf(operation.outputKey!).toLowerCase();
			return fields ? `the ${noun}: ${fields}` : `the ${noun}`;
		}
		case 'object': {
			const record = refOf(answer);
			const fields = record && fieldsOf(record, true);
			return fields ? `one item: ${fields}` : 'one item, as Mindbody answers';
		}
		default:
			return 'one item per record Mindbody answers with';
	}
}

/**
 * The description an agent reads of one operation, e.g. "Books one client into one class, … Caution:
 * books the client into a real class. Needs the Client ID from Client → Get Many; the Class ID from
 * Class → Get Many. Answers with the visit made: …". `idFields` are the ID fields the node shows
 * for it, each with the list it is picked from.
 */
export function toolDescriptionOf(operation: Operation, idFields: readonly IdField[]): string {
	const parts = [doesOf(operation), effectOf(operation), ...needsOf(operation, idFields)];
	parts.push(sentence(`Answers with ${answerOf(operation)}`));
	return parts.filter(Boolean).join(' ');
}
