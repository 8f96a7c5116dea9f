import type { Operation } from '../types';
import { V6_OPERATIONS as V6 } from '../../../../document/facts';
import { fromDocument } from './fromDocument';

/**
 * The v6 document's Cross-Site operations. The clients may be at other sites of the region than
 * the node's, so their IDs are typed: a dropdown lists the node's site's clients only.
 */
export const crossSiteOperations: Operation[] = [
	fromDocument(V6.CopyCreditCard, {
		resource: 'client',
		operation: 'copyCreditCard',
		name: 'Copy Credit Card',
		action: 'Copy credit card between clients',
		description: "Copies a client's stored credit card to another client, also between sites of the region",
		toolWarning: 'copies stored card details to another client',
		fields: {
			SourceSiteId: { displayName: 'From Site ID', description: 'The site of the client whose card is copied' },
			SourceClientId: { displayName: 'From Client ID', description: 'The client whose card is copied, at that site' },
			SourceUniqueClientId: {
				displayName: 'From Unique Client ID',
				description: 'The system-generated unique ID of that client, instead of From Client ID',
			},
			TargetSiteId: { displayName: 'To Site ID', description: 'The site of the client who gets the card' },
			TargetClientId: { displayName: 'To Client ID', description: 'The client who gets the card, at that site' },
			TargetUniqueClientId: {
				displayName: 'To Unique Client ID',
				description: 'The system-generated unique ID of that client, instead of To Client ID',
			},
		},
	}),
];
