import type { Operation } from '../types';
import { V6_OPERATIONS as V6 } from './facts';
import { fromDocument } from './fromDocument';

/** The v6 document's Pick-a-Spot operations. */
export const pickASpotOperations: Operation[] = [
	fromDocument(V6.GetClassList, {
		resource: 'pickASpot',
		operation: 'getClasses',
		name: 'Get Classes',
		action: 'Get pick-a-spot classes',
		description: 'DRAFT GET /pickaspot/v1/class',
	}),
	fromDocument(V6.GetClass, {
		resource: 'pickASpot',
		operation: 'getClass',
		name: 'Get Class',
		action: 'Get pick-a-spot class',
		description: 'DRAFT GET /pickaspot/v1/class/{classId}',
	}),
	fromDocument(V6.GetReservation, {
		resource: 'pickASpot',
		operation: 'getReservation',
		name: 'Get Reservation',
		action: 'Get spot reservation',
		description: 'DRAFT GET /pickaspot/v1/reservation/{pathInfo}',
	}),
	fromDocument(V6.UpdateReservation, {
		resource: 'pickASpot',
		operation: 'updateReservation',
		name: 'Update Reservation',
		action: 'Update spot reservation',
		description: 'DRAFT PUT /pickaspot/v1/reservation/{pathInfo}',
	}),
	fromDocument(V6.CreateReservation, {
		resource: 'pickASpot',
		operation: 'reserve',
		name: 'Reserve',
		action: 'Reserve spot',
		description: 'DRAFT POST /pickaspot/v1/reservation/{pathInfo}',
	}),
	fromDocument(V6.DeleteReservation, {
		resource: 'pickASpot',
		operation: 'deleteReservation',
		name: 'Delete Reservation',
		action: 'Delete spot reservation',
		description: 'DRAFT DELETE /pickaspot/v1/reservation/{pathInfo}',
	}),
];
