import type { Operation } from '../types';
import { V6_OPERATIONS as V6 } from './facts';
import { fromDocument } from './fromDocument';

/** The v6 document's Cross-Site operations. */
export const crossSiteOperations: Operation[] = [
	fromDocument(V6.CopyCreditCard, {
		resource: 'client',
		operation: 'copyCreditCard',
		name: 'Copy Credit Card',
		action: 'Copy credit card between clients',
		description: 'DRAFT POST /crossSite/copycreditcard',
	}),
];
