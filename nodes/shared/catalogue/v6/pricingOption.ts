import type { Operation } from '../types';
import { V6_OPERATIONS as V6 } from './facts';
import { fromDocument } from './fromDocument';

/** The v6 document's Pricing Option operations. */
export const pricingOptionOperations: Operation[] = [
	fromDocument(V6.UpdatePricingOption, {
		resource: 'pricingOption',
		operation: 'update',
		name: 'Update',
		action: 'Update pricing option',
		description: 'DRAFT POST /pricingoption/updatepricingoption',
	}),
];
