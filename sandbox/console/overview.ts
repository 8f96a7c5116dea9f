import type { SiteData } from '../data/types';
import type { IdentityActivity } from '../identity';
import { localText } from '../data/zones';
import type { RequestLog } from '../requestLog';
import { mask, type CallerBook } from './callers';

/** What the console page shows, read from the store, the log and the webhook service; secrets masked. */

/** How many of the newest clients, sales and requests the console lists. */
export const NEWEST = 15;

const nameOf = (person?: { FirstName: string; LastName: string }) =>
	person ? `${person.FirstName} ${person.LastName}` : '';

/**
 * A stored instant (`…Z`) as the studio's wall clock shows it: `2026-11-14T06:30:00`, no zone mark.
 * A date or a time already local stays as it is.
 */
const studioTime = (zone: string, iso: string) => (/T.*Z$/.test(iso ?? '') ? localText(zone, Date.parse(iso)) : iso);

/**
 * The business of one site: counts, newest clients and sales, one day's classes and appointments.
 * Days and times are the studio's (its time zone), as its front desk reads them.
 */
export function businessOverview(site: SiteData, sites: SiteData[], day: string) {
	const local = (iso: string) => studioTime(site.settings.TimeZone, iso);
	const clientById = new Map(site.clients.map((client) => [client.Id, client]));
	const staffById = new Map(site.staff.map((member) => [member.Id, member]));
	const locationById = new Map(site.locations.map((location) => [location.Id, location]));
	const descriptionById = new Map(site.classDescriptions.map((description) => [description.Id, description]));
	const typeById = new Map(site.appointmentTypes.map((type) => [type.Id, type]));
	const { visits, waitlist } = site.classRecords;
	const clientLabel = (id: number) => ({
		clientId: clientById.get(id)?.ClientId ?? String(id),
		name: nameOf(clientById.get(id)),
	});

	const classes = site.classes
		.filter((instance) => local(instance.StartDateTime).startsWith(day))
		.sort((a, b) => a.StartDateTime.localeCompare(b.StartDateTime) || a.Id - b.Id)
		.map((instance) => {
			const roster = visits
				.filter((visit) => visit.ClassId === instance.Id && visit.Status !== 'Waitlisted')
				.map((visit) => ({ visitId: visit.Id, ...clientLabel(visit.ClientId), status: visit.Status }));
			const named = roster.filter((visit) => visit.status !== 'Cancelled' && visit.status !== 'LateCancelled');
			return {
				id: instance.Id,
				name: descriptionById.get(instance.ClassDescriptionId)?.Name ?? `Class ${instance.Id}`,
				start: local(instance.StartDateTime),
				end: local(instance.EndDateTime),
				staff: nameOf(staffById.get(instance.StaffId)),
				location: locationById.get(instance.LocationId)?.Name ?? String(instance.LocationId),
				maxCapacity: instance.MaxCapacity,
				totalBooked: instance.TotalBooked,
				canceled: instance.IsCanceled,
				roster,
				// The seeded count of bookings the sandbox holds no names for.
				unnamedBookings: Math.max(0, instance.TotalBooked - named.length),
				waitingList: waitlist
					.filter((entry) => entry.ClassId === instance.Id && entry.Status === 'Waiting')
					.map((entry) => ({
						entryId: entry.Id,
						...clientLabel(entry.ClientId),
						requested: local(entry.RequestDateTime),
					})),
			};
		});

	const appointments = site.appointments
		.filter((appointment) => local(appointment.StartDateTime).startsWith(day))
		.sort((a, b) => a.StartDateTime.localeCompare(b.StartDateTime) || a.Id - b.Id)
		.map((appointment) => ({
			id: appointment.Id,
			start: local(appointment.StartDateTime),
			end: local(appointment.EndDateTime),
			status: appointment.Status,
			...clientLabel(appointment.ClientId),
			staff: nameOf(staffById.get(appointment.StaffId)),
			sessionType: typeById.get(appointment.SessionTypeId)?.Name ?? String(appointment.SessionTypeId),
		}));

	// Requests waiting for the studio's answer, of every day: they are made for days ahead.
	const appointmentRequests = site.appointmentRequests
		.filter((request) => request.Status === 'Pending')
		.sort((a, b) => a.StartDateTime.localeCompare(b.StartDateTime) || a.Id - b.Id)
		.map((request) => ({
			id: request.Id,
			type: request.Type,
			start: local(request.StartDateTime),
			end: local(request.EndDateTime),
			...clientLabel(request.ClientId),
			staff: nameOf(staffById.get(request.StaffId)),
			sessionType: typeById.get(request.AppointmentTypeId)?.Name ?? String(request.AppointmentTypeId),
			appointmentId: request.AppointmentId,
			notes: request.Notes,
			requested: local(request.CreatedDateTime),
		}));

	const sales = [...site.sales]
		.sort((a, b) => b.SaleDateTime.localeCompare(a.SaleDateTime) || b.Id - a.Id)
		.slice(0, NEWEST)
		.map((sale) => ({
			id: sale.Id,
			at: local(sale.SaleDateTime),
			...clientLabel(sale.ClientId),
			total: sale.TotalAmount,
			items: sale.Items.map((item) => (item.Quantity > 1 ? `${item.Quantity} × ${item.Name}` : item.Name)),
		}));

	const clients = [...site.clients]
		.sort((a, b) => b.Id - a.Id)
		.slice(0, NEWEST)
		.map((client) => ({
			id: client.Id,
			clientId: client.ClientId,
			name: nameOf(client),
			email: client.Email,
			status: client.Status,
			created: local(client.CreationDate),
		}));

	return {
		site: { id: site.settings.Id, name: site.settings.Name, timeZone: site.settings.TimeZone },
		sites: sites.map((other) => ({ id: other.settings.Id, name: other.settings.Name })),
		day,
		counts: {
			clients: site.clients.length,
			staff: site.staff.length,
			locations: site.locations.length,
			classesThatDay: classes.length,
			appointmentsThatDay: appointments.length,
			pendingAppointmentRequests: appointmentRequests.length,
			sales: site.sales.length,
		},
		clients,
		classes,
		appointments,
		appointmentRequests,
		sales,
	};
}

/** How much of a request's body the console shows. */
export const BODY_SHOWN = 8000;

/** Keys whose values are secrets: hidden whole, or (keys, tokens, card numbers) shown by their ends. */
const HIDDEN_KEY = /password|cvv|securitycode|secret/i;
const MASKED_KEY = /token|apikey|api-key|cardnumber/i;

/**
 * A request's body fit to show: JSON indented, with passwords, tokens and card numbers masked;
 * other text as sent. Cut at BODY_SHOWN characters.
 */
export function shownBody(rawBody: string): string | undefined {
	if (!rawBody) return undefined;
	let text = rawBody;
	try {
		const masked = JSON.parse(rawBody, (key, value: unknown) => {
			if (typeof value !== 'string' && typeof value !== 'number') return value;
			if (HIDDEN_KEY.test(key)) return '(hidden)';
			return MASKED_KEY.test(key) ? mask(String(value)) : value;
		}) as unknown;
		text = JSON.stringify(masked, null, 2);
	} catch {
		// Not JSON (a form, or a body the sandbox refused): shown as sent.
	}
	return text.length > BODY_SHOWN
		? `${text.slice(0, BODY_SHOWN)}\n… (${text.length - BODY_SHOWN} more characters)`
		: text;
}

/** The newest requests first, each with its caller and its body (keys, tokens and passwords masked). */
export function requestOverview(log: RequestLog, callers: CallerBook, limit: number) {
	return log
		.list()
		.slice(-limit)
		.reverse()
		.map((entry) => ({
			seq: entry.seq,
			at: entry.at,
			service: entry.service,
			method: entry.method,
			path: entry.path,
			query: entry.rawQuery,
			status: entry.status,
			operation: entry.operation,
			fault: entry.fault,
			caller: callers.of(entry),
			body: shownBody(entry.rawBody),
		}));
}

interface SubscriptionItem {
	subscriptionId: string;
	status: string;
	statusChangeDate: string;
	statusChangeMessage: string | null;
	statusChangeUser: string;
	eventIds: string[];
	referenceId: string | null;
	webhookUrl: string;
	messageSignatureKey?: string;
	ownerSourceName: string;
	metrics: Record<string, unknown>;
}

interface AttemptItem {
	subscriptionId: string;
	messageId: string;
	eventId: string;
	attempt: number;
	at: string;
	status?: number;
	error?: string;
	signature: string;
	duplicate: boolean;
	outcome: string;
}

/** Subscriptions with their delivery attempts, oldest attempt first; signature keys masked. */
export function webhookOverview(subscriptions: unknown, deliveries: unknown) {
	const items = ((subscriptions as { items?: SubscriptionItem[] })?.items ?? []) as SubscriptionItem[];
	const attempts = ((deliveries as { items?: AttemptItem[] })?.items ?? []) as AttemptItem[];
	const pendingRetries = (deliveries as { pendingRetries?: number })?.pendingRetries ?? 0;
	return {
		pendingRetries,
		subscriptions: items.map((item) => ({
			subscriptionId: item.subscriptionId,
			status: item.status,
			statusChangeDate: item.statusChangeDate,
			statusChangeMessage: item.statusChangeMessage,
			statusChangeUser: item.statusChangeUser,
			eventIds: item.eventIds,
			referenceId: item.referenceId,
			webhookUrl: item.webhookUrl,
			owner: item.ownerSourceName,
			signatureKey: item.messageSignatureKey ? mask(item.messageSignatureKey) : undefined,
			metrics: item.metrics,
			deliveries: attempts
				.filter((attempt) => attempt.subscriptionId === item.subscriptionId)
				.map((attempt) => ({
					messageId: attempt.messageId,
					eventId: attempt.eventId,
					attempt: attempt.attempt,
					at: attempt.at,
					status: attempt.status,
					error: attempt.error,
					// The HMAC of one body, not the key: the header as the receiver saw it.
					signatureHeader: attempt.signature,
					duplicate: attempt.duplicate,
					outcome: attempt.outcome,
				})),
		})),
	};
}

/** How many of the identity service's newest entries the console lists. */
export const IDENTITY_SHOWN = 40;

/**
 * The identity service's sign-ins, refusals and tokens issued, newest first, with their totals.
 * Its record already holds tokens masked; only the fields named here are passed on.
 */
export function identityOverview(activity: unknown) {
	const entries = (Array.isArray(activity) ? activity : []) as IdentityActivity[];
	const count = (test: (entry: IdentityActivity) => boolean) => entries.filter(test).length;
	return {
		counts: {
			signIns: count((entry) => entry.kind === 'signIn'),
			tokensIssued: count((entry) => entry.kind === 'tokenIssued'),
			refreshes: count((entry) => entry.kind === 'tokenIssued' && entry.grantType === 'refresh_token'),
			refused: count((entry) => entry.kind === 'signInRefused' || entry.kind === 'tokenRefused'),
			revoked: count((entry) => entry.kind === 'revoked'),
		},
		entries: entries
			.slice(-IDENTITY_SHOWN)
			.reverse()
			.map((entry) => ({
				at: entry.at,
				kind: entry.kind,
				clientId: entry.clientId,
				siteId: entry.siteId,
				user: entry.user ?? entry.username,
				grantType: entry.grantType,
				accessToken: entry.accessToken,
				refreshToken: entry.refreshToken,
				fields: entry.fields,
				error: entry.error,
				detail: entry.detail,
			})),
	};
}
