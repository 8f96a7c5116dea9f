import type { SpotReservation } from '../../data/classRecords';
import { isoAt } from '../../data/dates';
import type { ClassInstance } from '../../data/types';
import type { SandboxResponse } from '../../context';
import { v6Error, v6Json } from '../../v6/answers';
import type { RestCall } from '../call';
import { byId } from '../views';
import { findClient } from './classAccess';
import { activeVisitsOf, visibleTo } from './classViews';
import {
	activeReservationsOf,
	createReservation,
	deleteReservation,
	emitReservation,
	roomOf,
	spotsOf,
} from './pickASpotReservations';

/**
 * Pick-a-Spot (rule 7). The document gives these operations no body: the sandbox reads their
 * inputs from a JSON body or the query alike (names in any case): memberExternalId (or clientId:
 * the client's public id), spotNumber, autoConfirm, autoAssignSpot, confirm. `pathInfo` holds a
 * class id (all digits) or a reservation id: POST reserves in the class it names; GET answers one
 * reservation or every reservation of a class; PUT and DELETE name a reservation. A client
 * reserves a spot in a class they are booked into. Answers use Pick-a-Spot's own envelope.
 */

function inputOf(call: RestCall, name: string): unknown {
	const wanted = name.toLowerCase();
	const body = call.req.body;
	if (body && typeof body === 'object' && !Array.isArray(body)) {
		const key = Object.keys(body).find((k) => k.toLowerCase() === wanted);
		if (key !== undefined) return (body as Record<string, unknown>)[key];
	}
	const key = Object.keys(call.req.query).find((k) => k.toLowerCase() === wanted);
	return key === undefined ? undefined : call.req.query[key][0];
}

const flag = (call: RestCall, name: string) => {
	const value = inputOf(call, name);
	return value === true || (typeof value === 'string' && value.toLowerCase() === 'true');
};

function numberInput(call: RestCall, name: string): number | undefined | 'invalid' {
	const value = inputOf(call, name);
	if (value === undefined || value === null || value === '') return undefined;
	const number = typeof value === 'number' ? value : Number(value);
	return Number.isInteger(number) ? number : 'invalid';
}

function details(call: RestCall, message = '') {
	const n = (call.site.classRecords.nextIds.pickASpotTransactions ?? 0) + 1;
	call.site.classRecords.nextIds.pickASpotTransactions = n;
	return { Status: 'Success', TransactionId: `pas-${call.siteId}-${n}`, Message: message };
}

function pagination(call: RestCall, total: number) {
	const size = Math.max(1, Number(inputOf(call, 'pageSize')) || 100);
	const number = Math.max(1, Number(inputOf(call, 'pageNumber')) || 1);
	return {
		slice: <T>(rows: T[]) => rows.slice((number - 1) * size, number * size),
		pagination: {
			PageNumber: number,
			PageSize: size,
			TotalResultCount: total,
			TotalPageCount: Math.ceil(total / size),
		},
	};
}

function reservationV6(call: RestCall, reservation: SpotReservation) {
	const client = byId(call.site.clients, reservation.ClientId);
	return {
		ReservationId: reservation.Id,
		ReservationExternalId: reservation.Id,
		ClassId: String(reservation.ClassId),
		ClassExternalId: String(reservation.ClassId),
		MemberExternalId: client?.ClientId ?? String(reservation.ClientId),
		ReservationType: 'Member',
		Spots: { ReservedSpotNumbers: [reservation.SpotNumber], AvailableSpotNumbers: [], UnavailableSpotNumbers: [] },
		IsConfirmed: reservation.IsConfirmed,
		ConfirmationDate: reservation.ConfirmationDate,
	};
}

function classV6(call: RestCall, instance: ClassInstance) {
	const { site } = call;
	const room = roomOf(site, instance)!;
	return {
		SiteId: call.siteId,
		LocationId: instance.LocationId,
		ClassId: String(instance.Id),
		ClassExternalId: String(instance.Id),
		ClassName: byId(site.classDescriptions, instance.ClassDescriptionId)?.Name ?? '',
		ClassStartTime: instance.StartDateTime,
		ClassEndTime: instance.EndDateTime,
		ClassMaximumCapacity: instance.MaxCapacity,
		RoomId: room.RoomId,
		Spots: spotsOf(site, instance, room),
		Reservations: activeReservationsOf(site, instance.Id).map((r) => reservationV6(call, r)),
	};
}

const isClassPath = (path: string) => /^\d+$/.test(path);

/** A class with a Pick-a-Spot room the caller may see. */
function spotClass(call: RestCall, raw: string): ClassInstance | SandboxResponse {
	const instance = isClassPath(raw) ? byId(call.site.classes, Number(raw)) : undefined;
	if (!instance || !visibleTo(call, instance)) return v6Error(404, 'ClassNotFound', `Class ${raw} was not found.`);
	if (!roomOf(call.site, instance)) {
		return v6Error(404, 'ClassNotFound', `Class ${raw} has no Pick-a-Spot room.`);
	}
	return instance;
}

function reservationOf(call: RestCall, id: string): SpotReservation | SandboxResponse {
	const reservation = call.site.classRecords.reservations.find((r) => r.Id === id && !r.Deleted);
	return reservation ?? v6Error(404, 'ReservationNotFound', `Reservation ${id} was not found.`);
}

/** GET /pickaspot/v1/class: classes with rooms that have not ended, soonest first. */
function getClasses(call: RestCall): SandboxResponse {
	const { site } = call;
	const rows = site.classes
		.filter((c) => roomOf(site, c) && !c.IsCanceled && visibleTo(call, c) && Date.parse(c.EndDateTime) >= call.now)
		.sort((a, b) => a.StartDateTime.localeCompare(b.StartDateTime) || a.Id - b.Id);
	const page = pagination(call, rows.length);
	return v6Json({
		classes: page.slice(rows).map((c) => classV6(call, c)),
		pagination: page.pagination,
		responseDetails: details(call),
	});
}

function getClass(call: RestCall): SandboxResponse {
	const instance = spotClass(call, call.params.str('classId')!);
	if ('status' in instance) return instance;
	return v6Json({
		classes: [classV6(call, instance)],
		pagination: { PageNumber: 1, PageSize: 1, TotalResultCount: 1, TotalPageCount: 1 },
		responseDetails: details(call),
	});
}

function getReservation(call: RestCall): SandboxResponse {
	const path = call.params.str('pathInfo')!;
	let rows: SpotReservation[];
	if (isClassPath(path)) {
		const instance = spotClass(call, path);
		if ('status' in instance) return instance;
		rows = activeReservationsOf(call.site, instance.Id);
	} else {
		const reservation = reservationOf(call, path);
		if ('status' in reservation) return reservation;
		rows = [reservation];
	}
	const page = pagination(call, rows.length);
	return v6Json({
		Reservations: page.slice(rows).map((r) => reservationV6(call, r)),
		Pagination: page.pagination,
		ResponseDetails: details(call),
	});
}

/** The lowest free spot, or the one asked for if it is free; a string names the problem. */
function spotFor(call: RestCall, instance: ClassInstance, wanted: number | undefined, auto: boolean, own?: number) {
	const spots = spotsOf(call.site, instance, roomOf(call.site, instance)!);
	const free =
		own === undefined ? spots.AvailableSpotNumbers : [...spots.AvailableSpotNumbers, own].sort((a, b) => a - b);
	if (wanted !== undefined) return free.includes(wanted) ? wanted : `Spot ${wanted} is not available.`;
	if (!auto) return 'Send spotNumber, or autoAssignSpot true.';
	return free[0] ?? 'No spot is available in this class.';
}

/**
 * POST /pickaspot/v1/reservation/{classId}: autoAssignSpot picks the lowest free spot (no
 * spotNumber needed), autoConfirm confirms at once (no confirm call needed): rule 7.
 */
function reserve(call: RestCall): SandboxResponse {
	const instance = spotClass(call, call.params.str('pathInfo')!);
	if ('status' in instance) return instance;
	const member = inputOf(call, 'memberExternalId') ?? inputOf(call, 'clientId');
	const client = findClient(call, member);
	if (!client) {
		return member === undefined
			? v6Error(400, 'MissingRequiredFields', 'memberExternalId (the client id) is required.')
			: v6Error(404, 'ClientNotFound', `Client ${String(member)} was not found.`);
	}
	if (call.user?.Type === 'Consumer' && call.user.UserId !== client.Id) {
		return v6Error(403, 'PermissionDenied', 'A consumer user token acts only for its own client.');
	}
	if (!activeVisitsOf(call.site, instance.Id).some((v) => v.ClientId === client.Id)) {
		return v6Error(400, 'ClientNotBooked', `Client ${client.ClientId} is not booked into class ${instance.Id}.`);
	}
	if (activeReservationsOf(call.site, instance.Id).some((r) => r.ClientId === client.Id)) {
		return v6Error(400, 'ReservationExists', `Client ${client.ClientId} already holds a spot in class ${instance.Id}.`);
	}
	const wanted = numberInput(call, 'spotNumber');
	if (wanted === 'invalid') return v6Error(400, 'InvalidParameter', 'spotNumber must be a whole number.');
	const spot = spotFor(call, instance, wanted, flag(call, 'autoAssignSpot'));
	if (typeof spot === 'string') {
		return v6Error(400, spot.startsWith('Send') ? 'MissingRequiredFields' : 'SpotUnavailable', spot);
	}
	const reservation = createReservation(call, instance, client.Id, spot, flag(call, 'autoConfirm'));
	return v6Json({ Reservation: reservationV6(call, reservation), ResponseDetails: details(call) });
}

/**
 * PUT /pickaspot/v1/reservation/{reservationId}: spotNumber moves it (autoAssignSpot to the lowest
 * free spot); confirm true confirms it (pickASpotReservation.created); a confirmed reservation that
 * moves sends pickASpotReservation.updated.
 */
function updateReservation(call: RestCall): SandboxResponse {
	const reservation = reservationOf(call, call.params.str('pathInfo')!);
	if ('status' in reservation) return reservation;
	const instance = byId(call.site.classes, reservation.ClassId)!;
	const wanted = numberInput(call, 'spotNumber');
	if (wanted === 'invalid') return v6Error(400, 'InvalidParameter', 'spotNumber must be a whole number.');
	const auto = flag(call, 'autoAssignSpot');
	const confirm = flag(call, 'confirm') || flag(call, 'isConfirmed') || flag(call, 'autoConfirm');
	let spot = reservation.SpotNumber;
	if (wanted !== undefined || auto) {
		const found = spotFor(call, instance, wanted, auto, reservation.SpotNumber);
		if (typeof found === 'string') return v6Error(400, 'SpotUnavailable', found);
		spot = found;
	}
	const moved = spot !== reservation.SpotNumber;
	reservation.SpotNumber = spot;
	if (confirm && !reservation.IsConfirmed) {
		reservation.IsConfirmed = true;
		reservation.ConfirmationDate = isoAt(call.now);
		emitReservation(call, 'created', reservation);
	} else if (moved && reservation.IsConfirmed) emitReservation(call, 'updated', reservation);
	return v6Json({ Reservation: reservationV6(call, reservation), ResponseDetails: details(call) });
}

/** DELETE /pickaspot/v1/reservation/{reservationId}: the spot is released. */
function removeReservation(call: RestCall): SandboxResponse {
	const reservation = reservationOf(call, call.params.str('pathInfo')!);
	if ('status' in reservation) return reservation;
	deleteReservation(call, reservation);
	return v6Json({ Headers: [] });
}

export const pickASpotHandlers = {
	GetClassList: getClasses,
	GetClass: getClass,
	GetReservation: getReservation,
	UpdateReservation: updateReservation,
	CreateReservation: reserve,
	DeleteReservation: removeReservation,
};
