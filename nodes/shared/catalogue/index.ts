import { addOnOperations, appointmentOperations, appointmentRequestOperations } from './appointments';
import { autopayOperations } from './autopay';
import { availabilityOperations } from './availability';
import { businessOperations } from './business';
import { classOperations } from './classes';
import { consumerOperations } from './consumer';
import { dashboardOperations } from './dashboard';
import type { Operation, Resource } from './types';
import { webhookOperations } from './webhooks';

export { subscriptionOperations } from './webhooks';

export type { Operation, OperationParam, OperationBody, OutputShape, Resource, Service } from './types';
export { LISTS, type ListSource } from './listSources';

/** Every operation of both specs, written once; the node, README and sandbox read this. */
export const operations: readonly Operation[] = [
	...autopayOperations,
	...businessOperations,
	...appointmentRequestOperations,
	...appointmentOperations,
	...addOnOperations,
	...availabilityOperations,
	...classOperations,
	...consumerOperations,
	...dashboardOperations,
	...webhookOperations,
];

export const resources: readonly Resource[] = [
	{ value: 'appointment', name: 'Appointment', description: 'Appointments and recurring bookings' },
	{ value: 'appointmentAddOn', name: 'Appointment Add-On', description: 'Add-ons of appointments' },
	{ value: 'appointmentRequest', name: 'Appointment Request', description: 'Requests to approve or deny' },
	{ value: 'autopay', name: 'Autopay', description: 'Autopay suspensions of regions and subscribers' },
	{ value: 'availability', name: 'Availability', description: 'Staff availability schedules' },
	{ value: 'category', name: 'Category', description: 'Service categories and subcategories' },
	{ value: 'class', name: 'Class', description: 'Class instances' },
	{ value: 'client', name: 'Client', description: 'The client directory' },
	{ value: 'closure', name: 'Closure', description: 'Days the business is closed' },
	{ value: 'consumerBooking', name: 'Consumer Booking', description: 'Booking as a consumer' },
	{ value: 'dashboard', name: 'Dashboard', description: 'Dashboard figures' },
	{ value: 'enrollment', name: 'Enrollment', description: 'Enrollments' },
	{ value: 'feature', name: 'Feature', description: 'Business features' },
	{ value: 'promoCode', name: 'Promo Code', description: 'Promo codes' },
	{ value: 'sale', name: 'Sale', description: 'Sales, their details and payments' },
	{ value: 'staffCalendar', name: 'Staff Calendar', description: "A staff member's calendar" },
	{ value: 'webhookMetrics', name: 'Webhook Metric', description: 'Delivery statistics of webhook subscriptions' },
	{ value: 'webhookSubscription', name: 'Webhook Subscription', description: 'Subscriptions to webhook events' },
];

export function findOperation(resource: string, operation: string): Operation | undefined {
	return operations.find((op) => op.resource === resource && op.operation === operation);
}

export function operationsOf(resource: string): Operation[] {
	return operations.filter((op) => op.resource === resource);
}

const templateToRegExp = (path: string) =>
	new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`, 'i');

const matchers = operations.map((op) => ({ op, re: templateToRegExp(op.path) }));

/**
 * The operation a request targets, by service, method and path relative to the base URL.
 * Literal paths win over templated ones (`/Classes/Upcoming` over `/Classes/{id}`).
 */
export function matchOperation(service: string, method: string, path: string): Operation | undefined {
	const candidates = matchers.filter(
		({ op, re }) => op.service === service && op.method === method.toUpperCase() && re.test(path),
	);
	candidates.sort((a, b) => placeholders(a.op.path) - placeholders(b.op.path));
	return candidates[0]?.op;
}

const placeholders = (path: string) => (path.match(/\{/g) ?? []).length;
