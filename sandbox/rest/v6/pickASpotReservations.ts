import { reservationIdOf, type SpotReservation, type SpotRoom } from '../../data/classRecords';
import { isoAt } from '../../data/dates';
import type { ClassInstance, SiteData } from '../../data/types';
import { takeRecordId } from '../../data/records';
import { emit, type RestCall } from '../call';
import { byId } from '../views';

/**
 * Pick-a-Spot state: rooms (a class schedule's numbered spots) and reservations. The spec shows
 * no payload for the pickASpotReservation events: the sandbox sends a minimal one, { siteId,
 * reservationId, classId, clientId, spotNumber, isConfirmed }. created is sent when a reservation
 * is confirmed (at once with autoConfirm), updated when a confirmed one moves, deleted when a
 * spot is released or its class booking cancelled.
 */

export const roomOf = (site: SiteData, instance: ClassInstance): SpotRoom | undefined =>
	site.classRecords.rooms.find((room) => room.ClassScheduleId === instance.ClassScheduleId);

export const activeReservationsOf = (site: SiteData, classId: number) =>
	site.classRecords.reservations.filter((r) => r.ClassId === classId && !r.Deleted);

export interface SpotMap {
	ReservedSpotNumbers: number[];
	AvailableSpotNumbers: number[];
	UnavailableSpotNumbers: number[];
}

/** Spots 1…MaxCapacity of a class: reserved, free, and out of use. */
export function spotsOf(site: SiteData, instance: ClassInstance, room: SpotRoom): SpotMap {
	const reserved = activeReservationsOf(site, instance.Id)
		.map((r) => r.SpotNumber)
		.sort((a, b) => a - b);
	const all = Array.from({ length: instance.MaxCapacity }, (_, index) => index + 1);
	return {
		ReservedSpotNumbers: reserved,
		AvailableSpotNumbers: all.filter((n) => !reserved.includes(n) && !room.UnavailableSpots.includes(n)),
		UnavailableSpotNumbers: room.UnavailableSpots.filter((n) => n <= instance.MaxCapacity),
	};
}

export function emitReservation(call: RestCall, kind: 'created' | 'updated' | 'deleted', reservation: SpotReservation) {
	const client = byId(call.site.clients, reservation.ClientId);
	emit(call, `pickASpotReservation.${kind}`, {
		siteId: call.siteId,
		reservationId: reservation.Id,
		classId: String(reservation.ClassId),
		clientId: client?.ClientId ?? String(reservation.ClientId),
		spotNumber: reservation.SpotNumber,
		isConfirmed: reservation.IsConfirmed,
	});
}

export function createReservation(
	call: RestCall,
	instance: ClassInstance,
	clientId: number,
	spotNumber: number,
	confirm: boolean,
): SpotReservation {
	const records = call.site.classRecords;
	const at = isoAt(call.now);
	const reservation: SpotReservation = {
		Id: reservationIdOf(takeRecordId(records, 'reservations')),
		ClassId: instance.Id,
		ClientId: clientId,
		SpotNumber: spotNumber,
		IsConfirmed: confirm,
		ConfirmationDate: confirm ? at : null,
		CreatedDateTime: at,
		Deleted: false,
	};
	records.reservations.push(reservation);
	if (confirm) emitReservation(call, 'created', reservation);
	return reservation;
}

export function deleteReservation(call: RestCall, reservation: SpotReservation): void {
	reservation.Deleted = true;
	emitReservation(call, 'deleted', reservation);
}

/** A cancelled class booking releases the client's spot in that class. */
export function releaseSpots(call: RestCall, classId: number, clientId: number): void {
	for (const reservation of activeReservationsOf(call.site, classId).filter((r) => r.ClientId === clientId)) {
		deleteReservation(call, reservation);
	}
}
