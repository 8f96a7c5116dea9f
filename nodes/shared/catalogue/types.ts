import type { ZodTypeAny } from 'zod';

import type { V6BodyShape } from '../../../document/v6Bodies';
import type { LocalTime } from './dateWords';
import type { ListSource } from './listSources';
import type { V6OperationFacts } from '../../../document/factTypes';

/** Wire types as the spec names them; `date` is a calendar date (YYYY-MM-DD). */
export type ParamType = 'int32' | 'int64' | 'double' | 'string' | 'boolean' | 'dateTime' | 'date';

export interface OperationParam {
	/** Name on the wire, e.g. `request.startDateTime`. */
	name: string;
	location: 'path' | 'query';
	type: ParamType;
	/** Array parameters: repeated keys (`a=1&a=2`) or one comma-delimited value. */
	array?: 'repeated' | 'comma';
	required?: boolean;
	displayName: string;
	description?: string;
	/** Default the service applies when the parameter is absent. */
	serverDefault?: string | number | boolean;
	/** The values the parameter takes (a dropdown, or a multi-select for a list). */
	options?: string[];
	/** The value can be picked from this list (a dropdown in the node). */
	listSource?: ListSource;
	/**
	 * An id (int32/int64 parameters named …Id/…Ids): the node's one id rule applies, a whole
	 * number from 1 to the type's maximum. `site` ids name a business site, which may be negative
	 * (Mindbody's sandbox site is -99): only their type's range applies. `typed` ids are the v6
	 * document's, which states no range: only their type's range applies there too.
	 */
	id?: 'record' | 'site' | 'typed';
	/**
	 * The list names the records the answer holds (one entry per id): a list too long for one
	 * URL is sent over several requests and the answers merged in order.
	 */
	selects?: boolean;
	/** What a typed value looks like, for its field's placeholder, where the type's own would mislead. */
	example?: string;
	/** The spec declares a path placeholder as this parameter: one value fills both. */
	fillsPath?: string;
	/**
	 * At most this many values per request (a spec limit): a longer list is sent over several
	 * requests, as a list too long for one URL is (`selects` lists only).
	 */
	maxPerRequest?: number;
}

/**
 * A body the spec describes in words (the listed operations): its zod schema checks what the spec
 * states, and is the value the node finds its reader by (nodes/Mindbody/bodies) and the sandbox
 * its model by (sandbox/rest/bodyModels.ts).
 */
export interface ListedBody {
	schema: ZodTypeAny;
	/** Body lists can carry the ids/items of many input items in one request. */
	batchable?: boolean;
	/** A list of ids: what they name, as the node labels the field (e.g. "Add-On IDs"). */
	idsLabel?: string;
	shape?: undefined;
}

/** What the catalogue says of a v6 body field, by the document's field name. */
export interface FieldWords {
	displayName?: string;
	description?: string;
	/** A dropdown that picks the field's ID (or its object's Id). */
	listSource?: ListSource;
	/**
	 * The values the document lists in words for a text field (or a list of text), offered as a
	 * choice; an expression still sends any value.
	 */
	values?: readonly string[];
	/** Names the node shows for values a studio would not read as words (`latecancel` → "Late Cancel"). */
	valueNames?: Readonly<Record<string, string>>;
	/** A date-time in the business's local time or on its wall clock (UTC when not given). */
	time?: LocalTime;
}

/** A v6 body field holding the record itself, whose fields the node shows as its own. */
export interface Flatten {
	field: string;
	/** Fields of the record the node asks for at the top, as required. */
	required: readonly string[];
	words?: Record<string, FieldWords>;
}

/**
 * A body of the v6 document: checked (`schema`, built from the facts), asked for by the node
 * and bound by the sandbox from the document's facts of its type, with the catalogue's words.
 */
export interface DocumentBody {
	schema: ZodTypeAny;
	/** The document's type of the body, and whether the body is a list of it. */
	shape: V6BodyShape;
	batchable?: boolean;
	fieldWords?: Record<string, FieldWords>;
	flatten?: Flatten;
}

/** What the request body holds: one of the two kinds, told apart by `shape`. */
export type OperationBody = ListedBody | DocumentBody;

/** How the node turns a response into items. */
export type OutputShape =
	| 'list' // array → one item per element
	| 'itemsList' // { items: [...] } → one item per element
	| 'dictionary' // { [appointmentId]: details } → one item per key, id kept
	| 'object' // one item
	| 'namedList' // { [outputKey]: [...], … } → one item per element
	| 'unwrap' // { [outputKey]: { … } } → that object as one item
	| 'boolean' // { success: boolean }
	| 'none' // no body → { success: true }
	| 'deleted'; // a deletion → { deleted: true }, n8n's convention, whatever the service answers

export type Service = 'rest' | 'webhooks';

/**
 * What the action node runs around an item's request, by name (nodes/Mindbody/actions/hooks.ts
 * holds each): the node's pipeline is the same for every entry, and an entry that needs more
 * names it here.
 */
export interface EntryHooks {
	/** Runs in place of the request: the entry reads more than its operation (Client Summary). */
	instead?: 'clientSummary';
	/** Checks before anything is sent, in order; each may refuse the item, and then nothing is sent. */
	before?: ReadonlyArray<'pickedOwner' | 'pickedFor' | 'pickedBooking' | 'soldWhere'>;
	/** Completes the service's answer before it is shaped into items. */
	answer?: 'soldItemNames';
	/** On the items of the answer, in order. */
	after?: ReadonlyArray<'endedClassWarning' | 'emptyInputNotices'>;
	/** Completes the error of a request the service refused, before it is reported. */
	failed?: 'onlinePriceNote';
}

export interface Operation {
	service: Service;
	/** Node resource value (camelCase). */
	resource: string;
	/** Node operation value (camelCase), unique within the resource. */
	operation: string;
	/** Operation dropdown label. */
	name: string;
	/**
	 * Action label: the nodes panel lists it and n8n names a new node after it, so it stays short
	 * (at most 40 characters, what fits the canvas) and says the task; no caution here.
	 */
	action: string;
	description: string;
	method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
	/** Path relative to the service's base URL, placeholders as `{name}`. */
	path: string;
	/**
	 * A user token is needed (spec column Auth = A, or a staff token where the spec or the v6
	 * document says so): it goes in `Authorization: Bearer …`, and without one nothing is sent.
	 */
	userToken: boolean;
	/** The token goes along whenever the credential holds one, needed or not (v6 operations). */
	tokenWhenHeld?: boolean;
	params: OperationParam[];
	body?: OperationBody;
	output: OutputShape;
	/** The answer's field that `namedList` and `unwrap` read. */
	outputKey?: string;
	/**
	 * limit/offset paging (Return All / Limit in the node). `list` names the answer's field that
	 * holds a page beside its PaginationResponse; without it the answer is the page itself.
	 */
	paging?: { limit: string; offset: string; pageSize: number; list?: string };
	/** From the v6 document: its facts, as the catalogue test compares them. */
	v6?: V6OperationFacts;
	/** The service treats identical requests in quick succession as one (spec rule 5). */
	deduplicated?: boolean;
	/**
	 * Books, charges, cancels or changes money: a few words the operation's description ends with,
	 * and AI agents see in the tool's description.
	 */
	toolWarning?: string;
	/** Answers can be large: the node offers Simplify (top-level fields only). */
	large?: boolean;
	/** This GET's answer fills the dropdown of that list. */
	serves?: ListSource;
	/** What the node runs around this operation's request beside sending it. */
	hooks?: EntryHooks;
}

export interface Resource {
	value: string;
	name: string;
	description: string;
	/**
	 * The operation the node opens on for this resource: its everyday read, never one that changes
	 * data (Autopay has no read: its four operations all change billing).
	 */
	defaultOperation: string;
}

/** An operation by its identity in the catalogue: `resource.operation`. */
export type OperationRef = `${string}.${string}`;

/** A value a task sends for an input, as the node's field would hold it. */
export type TaskValue = string | number | boolean;

/** How a task asks for one input of its operation. */
export interface TaskInput {
	/**
	 * The operation's input: a parameter by its wire name (`request.searchText`), a body field by
	 * the document's name (`ClientId`), a field of a record the node shows as its own by record
	 * and field (`Client.Email`).
	 */
	input: string;
	/** Asked for although the operation lets it be left out: the task needs it. */
	required?: boolean;
	/** What the field means for the task, where the operation's words say less. */
	description?: string;
	/** A picker the operation does not offer for the input. */
	listSource?: ListSource;
}

/** A switch that sends one of two values of an input (Late Cancel: `latecancel`, otherwise `cancel`). */
export interface TaskSwitch {
	/** The node's field. */
	name: string;
	displayName: string;
	description: string;
	input: string;
	on: TaskValue;
	off: TaskValue;
}

/** A field that only narrows a picker below it (whose appointments to list): nothing of it is sent. */
export interface TaskNarrower {
	/** The node's field, the name the picker's list follows. */
	name: string;
	displayName: string;
	description: string;
	listSource: ListSource;
}

/**
 * A check before a task sends: the record picked below a narrowing field (the client's appointment)
 * is read back by its ID and the run refused when it is not that field's (another client's). A
 * narrowing field only filters its list; n8n's editor keeps a value picked before the narrowing one
 * changed, so without the check the form would show one client and act on another's record.
 */
export interface TaskPickedOwner {
	/** The asked input holding the picked record or records. */
	input: string;
	/** The read giving records by their IDs, and its query parameter taking them. */
	reads: OperationRef;
	byIds: string;
	/** What one record is called in errors: "appointment". */
	thing: string;
	/** Each narrowing field's name and the record's field holding its value (`ClientId`, `Client.Id`). */
	owners: Readonly<Record<string, string>>;
}

/**
 * A check before a task sends, where no read takes the picked record's ID (a client's pricing
 * options): the owner's records are read (those of the client on the form) and the run refused
 * when the picked one is not among them. The request names the client too, but what the service
 * does with another client's pricing option is not written: it might be charged.
 */
export interface TaskPickedAmong {
	/** The input holding the picked record (asked, or offered in a collection). */
	input: string;
	/** The read listing the owner's records, and its query parameter taking the owner. */
	reads: OperationRef;
	owner: { field: string; param: string };
	/** Query parameters the read always sends (dates that take in every record). */
	query?: Readonly<Record<string, string>>;
	/** What one record is called in errors: "pricing option". */
	thing: string;
	/**
	 * The field of the record the one found must pay for (the class), read by its ID: both name a
	 * program (a service category), and a pricing option pays only for its own program's classes.
	 * Its picker lists the options for the class picked, but keeps one picked for another class.
	 */
	paysFor?: { field: string; reads: OperationRef; byId: string; thing: string };
}

/**
 * A check before a task sends, of a value picked from a list that follows the fields above it (an
 * open slot of a staff member for a session type) and holds none of them (a slot's value is its
 * start): the label the editor kept with the pick names, after the time, the records it was
 * picked for, and the run is refused when one is not the record on the form now. The editor keeps
 * the pick when those fields change, so the form could show one staff member's slot and book another.
 */
export interface TaskPickedFor {
	/** The asked input picked from the list. */
	input: string;
	/** What one entry is called in errors: "slot". */
	thing: string;
	/**
	 * The inputs the label names after its time, in the label's order, each with the field of the
	 * list's records naming its record (`Staff`) and how the error says the entry is that record's
	 * (`{name}'s`, `for {name}`).
	 */
	names: ReadonlyArray<{ input: string; record: string; says: string }>;
}

/**
 * A check before a task sends, where the request sends the client and a record picked from the
 * client's (a class they are booked into): the record is read by its ID and the run refused when
 * the client on the form is not booked into it. The editor keeps a class picked for another client.
 */
export interface TaskPickedBooking {
	/** The asked input holding the picked record. */
	input: string;
	/** The read giving the record with its bookings, and its query parameter taking the ID. */
	reads: OperationRef;
	byId: string;
	/** The field holding the client. */
	client: string;
	/** What the record is called in errors: "class". */
	thing: string;
}

/**
 * A front desk task: one operation of the catalogue presented as a studio says it, with the fields
 * the task needs at the top and the values it sets itself. It sends exactly that operation's
 * request (Client Summary then reads those in `thenReads`); it is not an operation of its own.
 */
export interface Task {
	/** The node's operation value within the Front Desk resource. */
	operation: string;
	name: string;
	/** Action label, as an operation's: at most 40 characters, no caution. */
	action: string;
	description: string;
	/** The operation it sends. */
	sends: OperationRef;
	/** Operations it reads after that one, per item, by what each gives (Client Summary's visits and purchases). */
	thenReads?: Readonly<Record<string, OperationRef>>;
	/** What the node runs around the task's request, beside its operation's own hooks. */
	hooks?: EntryHooks;
	/** The task's caution, where the operation's says less than the task does. */
	toolWarning?: string;
	/** Pickers that narrow the ones below them, first. */
	narrow?: readonly TaskNarrower[];
	/**
	 * The inputs asked for at the top, in this order. Without it the task shows the operation's own
	 * fields as the operation does (Sell: the checkout form).
	 */
	ask?: readonly TaskInput[];
	/** Inputs the task sets itself, not shown. */
	fixed?: Readonly<Record<string, TaskValue>>;
	switches?: readonly TaskSwitch[];
	/**
	 * For a task that shows its operation's fields as they are (no `ask`): inputs of the operation's
	 * collections shown on the main form instead, after its first field (Sell: Location, which sets
	 * prices and taxes).
	 */
	onTop?: readonly TaskInput[];
	/**
	 * What a run says (an execution hint) when an input is left empty, by input: which default the
	 * service then applies (Sell without a Location: the online prices).
	 */
	whenEmpty?: Readonly<Record<string, string>>;
	/** The picked record checked against the narrowing fields before the task sends. */
	pickedOwner?: TaskPickedOwner | TaskPickedAmong;
	/** The picked entry checked against the fields its list follows, by its label, before sending. */
	pickedFor?: TaskPickedFor;
	/** The picked record checked for the client's booking before sending. */
	pickedBooking?: TaskPickedBooking;
	/**
	 * The other inputs offered in the operation's collections (Filters, Additional Fields), or
	 * `all` for every one not asked, fixed or switched; none when left out.
	 */
	more?: readonly string[] | 'all';
}
