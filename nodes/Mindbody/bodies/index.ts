import type { BodySchemaName } from '../../shared/schemas';
import { approveItems, bookingRequestItems, bookingTemplates, modifyAppointments } from './appointments';
import { availabilitySchedules } from './availability';
import { featureUpdate, promoCodeCreate, promoCodeUpdate } from './business';
import { denyMultiple, int64IdList } from './ids';
import { addOnItems, appointmentsWithAddOns, recurringRequest } from './json';
import { subscriptionCreate, subscriptionUpdate } from './subscriptions';
import type { BodyInput } from './types';

export type { BodyInput } from './types';

export const bodyInputs: Record<BodySchemaName, BodyInput> = {
	int64IdList,
	featureUpdate,
	promoCodeCreate,
	promoCodeUpdate,
	approveItems,
	denyMultiple,
	modifyAppointments,
	recurringRequest,
	bookingTemplates,
	addOnItems,
	availabilityAdd: availabilitySchedules,
	availabilitySchedules,
	bookingRequestItems,
	appointmentsWithAddOns,
	subscriptionCreate,
	subscriptionUpdate,
};
