import { LISTS } from '../listSources';
import type { Operation } from '../types';
import { V6_OPERATIONS as V6 } from '../../../../document/facts';
import { fromDocument, type V6ParamWords } from './fromDocument';

/** The document names the rest of a reservation's address only as `pathInfo`: sent as given. */
const RESERVATION_PATH: V6ParamWords = {
	displayName: 'Reservation Path',
	description:
		'What follows reservation/ in the address, as the Pick-a-Spot service expects it, e.g. the reservation ID',
};

/** The v6 document's Pick-a-Spot operations. */
export const pickASpotOperations: Operation[] = [
	fromDocument(V6.GetClassList, {
		resource: 'pickASpot',
		operation: 'getClasses',
		name: 'Get Classes',
		action: 'Get classes with spots',
		description: 'Returns the classes whose clients pick a spot, with their free and reserved spots',
	}),
	fromDocument(V6.GetClass, {
		resource: 'pickASpot',
		operation: 'getClass',
		name: 'Get Class',
		action: 'Get class with spots',
		description: 'Returns one class whose clients pick a spot, with its free and reserved spots and its reservations',
		params: {
			classId: { listSource: LISTS.classes },
		},
	}),
	fromDocument(V6.GetReservation, {
		resource: 'pickASpot',
		operation: 'getReservation',
		name: 'Get Reservation',
		action: 'Get spot reservation',
		description: 'Returns a spot reservation',
		params: { pathInfo: RESERVATION_PATH },
	}),
	fromDocument(V6.UpdateReservation, {
		resource: 'pickASpot',
		operation: 'updateReservation',
		name: 'Update Reservation',
		action: 'Update spot reservation',
		description: 'Changes a spot reservation, such as the spot it holds',
		toolWarning: "changes a client's spot reservation",
		params: { pathInfo: RESERVATION_PATH },
	}),
	fromDocument(V6.CreateReservation, {
		resource: 'pickASpot',
		operation: 'reserve',
		name: 'Reserve',
		action: 'Reserve spot',
		description: 'Reserves a spot in a class for a client',
		toolWarning: 'reserves a real spot in a class',
		params: {
			pathInfo: {
				...RESERVATION_PATH,
				description: 'What follows reservation/ in the address, as the Pick-a-Spot service expects it',
			},
		},
	}),
	fromDocument(V6.DeleteReservation, {
		resource: 'pickASpot',
		operation: 'deleteReservation',
		name: 'Delete Reservation',
		action: 'Delete spot reservation',
		description: 'Deletes a spot reservation, freeing the spot',
		toolWarning: "cancels a client's spot reservation",
		params: { pathInfo: RESERVATION_PATH },
	}),
];
