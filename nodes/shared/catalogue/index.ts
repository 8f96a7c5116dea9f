import { listedOperations, matchersOf, bestMatch } from './listed';
import type { Operation, Resource } from './types';
import { v6Operations } from './v6';

export { subscriptionOperations } from './webhooks';

export type {
	DocumentBody,
	FieldWords,
	Flatten,
	ListedBody,
	Operation,
	OperationBody,
	OperationParam,
	OutputShape,
	Resource,
	Service,
} from './types';
export { LISTS, type ListSource } from './listSources';

/** Every operation of both specs, written once; the node, README and sandbox read this. */
export const operations: readonly Operation[] = [...listedOperations, ...v6Operations];

export const resources: readonly Resource[] = [
	{ value: 'appointment', name: 'Appointment', description: 'Appointments and recurring bookings' },
	{ value: 'appointmentAddOn', name: 'Appointment Add-On', description: 'Add-ons of appointments' },
	{ value: 'appointmentRequest', name: 'Appointment Request', description: 'Requests to approve or deny' },
	{ value: 'autopay', name: 'Autopay', description: 'Autopay suspensions of regions and subscribers' },
	{ value: 'availability', name: 'Availability', description: 'Staff availability schedules' },
	{ value: 'category', name: 'Category', description: 'Service categories and subcategories' },
	{ value: 'class', name: 'Class', description: 'Classes, their rosters and waiting lists' },
	{ value: 'classDescription', name: 'Class Description', description: 'What a class is, whenever it runs' },
	{ value: 'classSchedule', name: 'Class Schedule', description: 'Recurring schedules that make classes' },
	{ value: 'client', name: 'Client', description: 'Clients, their visits, purchases and records' },
	{ value: 'clientContract', name: 'Client Contract', description: 'Contracts clients hold: suspend, end, autopays' },
	{ value: 'clientIndex', name: 'Client Index', description: 'Custom fields with set values for clients' },
	{ value: 'closure', name: 'Closure', description: 'Days the business is closed' },
	{ value: 'consumerBooking', name: 'Consumer Booking', description: 'Booking as a consumer' },
	{ value: 'contactLog', name: 'Contact Log', description: 'Notes of contacts with clients' },
	{ value: 'contract', name: 'Contract', description: 'Contracts the business sells' },
	{ value: 'dashboard', name: 'Dashboard', description: 'Dashboard figures' },
	{ value: 'enrollment', name: 'Enrollment', description: 'Enrollments, courses and semesters' },
	{ value: 'feature', name: 'Feature', description: 'Business features' },
	{ value: 'giftCard', name: 'Gift Card', description: 'Gift cards and their balances' },
	{ value: 'location', name: 'Location', description: 'Locations of the business' },
	{ value: 'payroll', name: 'Payroll', description: 'Commissions, earnings, time cards and tips' },
	{ value: 'pickASpot', name: 'Pick-a-Spot', description: 'Spots in classes and their reservations' },
	{ value: 'pricingOption', name: 'Pricing Option', description: 'Pricing options (services) the business sells' },
	{ value: 'product', name: 'Product', description: 'Retail products and their stock' },
	{ value: 'program', name: 'Program', description: 'Programs that group session types' },
	{ value: 'promoCode', name: 'Promo Code', description: 'Promo codes' },
	{ value: 'resource', name: 'Resource', description: 'Rooms and equipment' },
	{ value: 'sale', name: 'Sale', description: 'Sales, checkout, payments and returns' },
	{ value: 'sessionType', name: 'Session Type', description: 'Kinds of classes, enrollments and appointments' },
	{ value: 'site', name: 'Site', description: 'The business site and its settings' },
	{ value: 'staff', name: 'Staff', description: 'Staff members, their permissions and pay' },
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

const matchers = matchersOf(operations);

/**
 * The operation a request targets, by service, method and path relative to the base URL.
 * Literal paths win over templated ones (`/Classes/Upcoming` over `/Classes/{id}`).
 */
export const matchOperation = (service: string, method: string, path: string): Operation | undefined =>
	bestMatch(matchers, service, method, path);
