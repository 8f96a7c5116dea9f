import type { ZodTypeAny } from 'zod';

import type { OperationBody } from '../../shared/catalogue';
import * as schemas from '../../shared/schemas/bodies';
import {
	approveItemsInput,
	bookingRequestItemsInput,
	bookingTemplatesInput,
	modifyAppointmentsInput,
} from './appointments';
import { availabilitySchedulesInput } from './availability';
import { featureUpdateInput, promoCodeCreateInput, promoCodeUpdateInput } from './business';
import { denyMultipleInput, int64IdListInput } from './ids';
import { addOnItemsInput, appointmentsWithAddOnsInput, recurringRequestInput } from './json';
import { subscriptionCreateInput, subscriptionUpdateInput } from './subscriptions';
import type { BodyInput } from './types';
import { v6BodyInput } from './v6Body';

export type { BodyInput } from './types';
export { inBusinessTime } from './businessTime';

/**
 * The node's reader for each listed body, keyed by its schema: the catalogue (shared with the
 * sandbox and README) holds only the schema, the node adds how it is asked for.
 */
const bodyInputs = new Map<ZodTypeAny, BodyInput>([
	[schemas.int64IdList, int64IdListInput],
	[schemas.featureUpdate, featureUpdateInput],
	[schemas.promoCodeCreate, promoCodeCreateInput],
	[schemas.promoCodeUpdate, promoCodeUpdateInput],
	[schemas.approveItems, approveItemsInput],
	[schemas.denyMultiple, denyMultipleInput],
	[schemas.modifyAppointments, modifyAppointmentsInput],
	[schemas.recurringRequest, recurringRequestInput],
	[schemas.bookingTemplates, bookingTemplatesInput],
	[schemas.addOnItems, addOnItemsInput],
	// Added schedules have required fields the others lack; the node asks for both alike.
	[schemas.availabilityAdd, availabilitySchedulesInput],
	[schemas.availabilitySchedules, availabilitySchedulesInput],
	[schemas.bookingRequestItems, bookingRequestItemsInput],
	[schemas.appointmentsWithAddOns, appointmentsWithAddOnsInput],
	[schemas.subscriptionCreate, subscriptionCreateInput],
	[schemas.subscriptionUpdate, subscriptionUpdateInput],
]);

/** How the node asks for and reads this body; a schema without a reader is a catalogue error. */
export function bodyInput(body: OperationBody): BodyInput {
	// Bodies of the v6 document are asked for from its facts (bodyPlan.ts), one reader for all.
	if (body.shape) return v6BodyInput;
	const input = bodyInputs.get(body.schema);
	if (!input) throw new Error('The catalogue names a body schema the node has no reader for');
	return input;
}
