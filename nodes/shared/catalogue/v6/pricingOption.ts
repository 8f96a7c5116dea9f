import { LISTS } from '../listSources';
import type { Operation } from '../types';
import { V6_OPERATIONS as V6 } from '../../../../document/facts';
import { fromDocument } from './fromDocument';

/** The v6 document's Pricing Option operations. */
export const pricingOptionOperations: Operation[] = [
	fromDocument(V6.UpdatePricingOption, {
		resource: 'pricingOption',
		operation: 'update',
		name: 'Update',
		action: 'Update pricing option',
		description:
			'Changes one pricing option: its name, prices, sessions, expiry, where it is sold and used (Update Several Prices changes only prices, of several)',
		toolWarning: 'changes prices',
		fields: {
			ProductId: { description: "The pricing option's product ID, as Get Many returns it" },
			Name: { description: 'The new name (at most 100 characters)' },
			Price: { description: 'The price at the front desk' },
			OnlinePrice: { description: 'The price online' },
			Count: { description: 'How many sessions it pays for' },
			RevenueCategory: { description: 'The revenue category it counts under (at most 35 characters)' },
			MembershipId: {
				description: 'The membership a client needs to buy it; unchanged when left out',
				listSource: LISTS.memberships,
			},
			IsThirdPartyDiscountPricing: {
				displayName: 'Third-Party Discount Pricing',
				description: 'Whether third parties sell it at a discount; once on, it cannot be turned off',
			},
			Priority: { description: 'How high the pricing option ranks', values: ['Low', 'Medium', 'High'] },
			SellAtLocationIds: {
				displayName: 'Sold at Location IDs',
				description: 'The locations that sell it; unchanged when left out',
				listSource: LISTS.locations,
			},
			UseAtLocationIds: {
				displayName: 'Used at Location IDs',
				description: 'The locations where it can be used; unchanged when left out',
				listSource: LISTS.locations,
			},
			ExpirationUnit: { description: 'Whether Expiration Length counts days or months', values: ['Days', 'Months'] },
			ExpirationLength: { description: 'How many days or months it stays active' },
			ExpirationType: {
				description: "When it starts counting down: on the sale date or at the client's first visit",
				values: ['SaleDate', 'DateOfClientFirstVisit'],
				valueNames: { SaleDate: 'Sale Date', DateOfClientFirstVisit: "Client's First Visit" },
			},
			RestrictedMembershipIds: {
				description: 'Only members of these memberships can use it; none means anyone',
				listSource: LISTS.memberships,
			},
		},
	}),
];
