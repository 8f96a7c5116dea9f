import type { ZodTypeAny } from 'zod';

import type { OperationBody } from '../../shared/catalogue';
import * as schemas from '../../shared/schemas/bodies';
import type { V6TypeFacts } from '../../../document/factTypes';
import { V6_TYPES } from '../../../document/facts';
import {
	approveItemsInput,
	bookingRequestItemsInput,
	bookingTemplatesInput,
	modifyAppointmentsInput,
} from './appointments';
import { availabilitySchedulesInput } from './availability';
import { checkoutFormInput } from './checkoutForm';
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

/**
 * The v6 bodies with a form of their own, keyed by the document's type of the body: whatever
 * presents an operation with that body asks for it with the form.
 */
const v6Forms = new Map<V6TypeFacts, BodyInput>([[V6_TYPES.CheckoutShoppingCartRequest, checkoutFormInput]]);

/** How the node asks for and reads this body; a schema without a reader is a catalogue error. */
export function bodyInput(body: OperationBody): BodyInput {
	// Bodies of the v6 document are asked for from its facts (bodyPlan.ts), one reader for all but the forms.
	if (body.shape) return v6Forms.get(V6_TYPES[body.shape.type]) ?? v6BodyInput;
	const input = bodyInputs.get(body.schema);
	if (!input) throw new Error('The catalogue names a body schema the node has no reader for');
	return input;
}
