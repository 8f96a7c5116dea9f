import { FRONT_DESK, FRONT_DESK_OPENS_ON, tasks } from './frontDesk';
import { listedOperations } from './listed';
import type { Operation, Resource, Task } from './types';
import { v6Operations } from './v6';

export { subscriptionOperations } from './webhooks';

export type {
	DocumentBody,
	EntryHooks,
	FieldWords,
	Flatten,
	ListedBody,
	Operation,
	OperationBody,
	OperationParam,
	OutputShape,
	Resource,
	Service,
	Task,
	TaskInput,
	TaskNarrower,
	TaskPickedAmong,
	TaskPickedOwner,
	TaskSwitch,
	TaskValue,
} from './types';
export { FRONT_DESK, tasks } from './frontDesk';
export { LISTS, pickedLabel, type ListSource } from './listSources';

/** Every operation of both specs, written once; the node and README read this (the sandbox has its own reading). */
export const operations: readonly Operation[] = [...listedOperations, ...v6Operations];

/** A resource: its value, its name, what it holds, and the operation the node opens on. */
const resource = (value: string, name: string, description: string, defaultOperation: string): Resource => ({
	value,
	name,
	description,
	defaultOperation,
});

export const resources: readonly Resource[] = [
	resource(
		FRONT_DESK,
		'Front Desk',
		"A studio's everyday jobs: find and add clients, check in, book and cancel, sell",
		FRONT_DESK_OPENS_ON,
	),
	resource('appointment', 'Appointment', 'Appointments staff book and change, one or a series', 'search'),
	resource('appointmentAddOn', 'Appointment Add-On', 'Extras booked onto appointments', 'getAvailable'),
	resource('appointmentRequest', 'Appointment Request', 'Requests clients make, for staff to approve or deny', 'get'),
	resource('autopay', 'Autopay', 'Autopay suspensions of regions and subscribers', 'closeRegion'),
	resource('availability', 'Availability', 'When staff can and cannot be booked', 'get'),
	resource('category', 'Category', 'Service categories and subcategories', 'getMany'),
	resource('class', 'Class', 'Classes on the schedule, their rosters and waiting lists', 'getMany'),
	resource('classDescription', 'Class Description', 'What a class is, whenever it runs', 'getMany'),
	resource('classSchedule', 'Class Schedule', 'Recurring schedules that make classes', 'getMany'),
	resource('client', 'Client', 'Clients, their visits, purchases and records', 'getMany'),
	resource('clientContract', 'Client Contract', 'Contracts clients hold: suspend, end, autopays', 'getMany'),
	resource('clientIndex', 'Client Index', 'Custom fields with set values for clients', 'getMany'),
	resource('closure', 'Closure', 'Days the business is closed', 'getMany'),
	resource('consumerBooking', 'Online Booking', 'Appointments as clients book them online', 'getAppointmentTypes'),
	resource('contactLog', 'Contact Log', 'Notes of contacts with clients', 'getMany'),
	resource('contract', 'Contract for Sale', 'Contracts the business sells, and selling them to clients', 'getMany'),
	resource('dashboard', 'Dashboard', 'Dashboard figures', 'getSummary'),
	resource('enrollment', 'Enrollment', 'Enrollments, courses and semesters', 'getMany'),
	resource('feature', 'Feature', 'Business features', 'getMany'),
	resource('giftCard', 'Gift Card', 'Gift cards and their balances', 'getMany'),
	resource('location', 'Location', 'Locations of the business', 'getMany'),
	resource('payroll', 'Payroll', 'Commissions, earnings, time cards and tips', 'getCommissions'),
	resource('pickASpot', 'Pick-a-Spot', 'Spots in classes and their reservations', 'getClasses'),
	resource('pricingOption', 'Pricing Option', 'Pricing options (services) the business sells', 'getMany'),
	resource('product', 'Product', 'Retail products and their stock', 'getMany'),
	resource('program', 'Program', 'Programs that group session types', 'getMany'),
	resource('promoCode', 'Promo Code', 'Promo codes', 'getMany'),
	resource('resource', 'Resource', 'Rooms and equipment', 'getMany'),
	resource('sale', 'Sale', 'Sales, checkout, payments and returns', 'getMany'),
	resource('sessionType', 'Session Type', 'Kinds of classes, enrollments and appointments', 'getMany'),
	resource('site', 'Site', 'The business site and its settings', 'getMany'),
	resource('staff', 'Staff', 'Staff members, their permissions and pay', 'getMany'),
	resource('staffCalendar', 'Staff Calendar', "A staff member's calendar", 'get'),
	resource('webhookMetrics', 'Webhook Metric', 'Delivery statistics of webhook subscriptions', 'getMany'),
	resource('webhookSubscription', 'Webhook Subscription', 'Subscriptions to webhook events', 'getMany'),
];

export function findOperation(resource: string, operation: string): Operation | undefined {
	return operations.find((op) => op.resource === resource && op.operation === operation);
}

export function operationsOf(resource: string): Operation[] {
	return operations.filter((op) => op.resource === resource);
}

/** The operation a task sends; a task naming none is a catalogue error. */
export function operationOfTask(task: Task): Operation {
	const [resource, operation] = task.sends.split('.');
	const found = findOperation(resource, operation);
	if (!found) throw new Error(`The task ${task.operation} sends ${task.sends}, which is no operation`);
	return found;
}

/** The operations a task reads after the one it sends, by what each gives. */
export function laterReadsOfTask(task: Task): Record<string, Operation> {
	return Object.fromEntries(
		Object.entries(task.thenReads ?? {}).map(([name, ref]) => {
			const [resource, operation] = ref.split('.');
			const found = findOperation(resource, operation);
			if (!found) throw new Error(`The task ${task.operation} reads ${ref}, which is no operation`);
			return [name, found];
		}),
	);
}

export const findTask = (operation: string): Task | undefined => tasks.find((task) => task.operation === operation);

/**
 * A task as the node lists it: its operation's request, paging, answer and options under the
 * task's names in the Front Desk resource. Not an operation of the catalogue (the sandbox,
 * README's table and the tests of the wire are keyed by the operations themselves).
 */
export function taskAsOperation(task: Task): Operation {
	return {
		...operationOfTask(task),
		// A list is filled by its operation alone, never by a task that sends it.
		serves: undefined,
		resource: FRONT_DESK,
		operation: task.operation,
		name: task.name,
		action: task.action,
		description: task.description,
		...(task.toolWarning ? { toolWarning: task.toolWarning } : {}),
	};
}
