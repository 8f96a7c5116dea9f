import { subscriptionCreate, subscriptionUpdate } from '../schemas/bodies';
import { LISTS } from './listSources';
import { pathParam } from './params';
import type { Operation } from './types';

const base = { service: 'webhooks', userToken: false } as const;
const subscriptionId = pathParam('subscriptionId', 'string', 'Subscription ID', {
	description: 'The GUID of the subscription',
	listSource: LISTS.subscriptions,
});

/** The subscription calls; the trigger makes them too. */
export const subscriptionOperations = {
	getMany: {
		...base,
		resource: 'webhookSubscription',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many webhook subscriptions',
		description: 'Lists the webhook subscriptions of the developer account',
		method: 'GET',
		path: '/subscriptions',
		serves: LISTS.subscriptions,
		params: [],
		output: 'itemsList',
	},
	get: {
		...base,
		resource: 'webhookSubscription',
		operation: 'get',
		name: 'Get',
		action: 'Get webhook subscription',
		description: 'Returns one webhook subscription',
		method: 'GET',
		path: '/subscriptions/{subscriptionId}',
		params: [subscriptionId],
		output: 'object',
	},
	create: {
		...base,
		resource: 'webhookSubscription',
		operation: 'create',
		name: 'Create',
		action: 'Create webhook subscription',
		description:
			'Creates a pending subscription. The answer is the only one sure to carry messageSignatureKey: store it to verify deliveries. Activate the subscription with Update, status Active.',
		method: 'POST',
		path: '/subscriptions',
		params: [],
		body: { schema: subscriptionCreate },
		output: 'object',
	},
	update: {
		...base,
		resource: 'webhookSubscription',
		operation: 'update',
		name: 'Update',
		action: 'Update or activate webhook subscription',
		description:
			'Activates (status Active), deactivates (DeactivatedByUser) or changes a subscription; only the fields given change',
		method: 'PATCH',
		path: '/subscriptions/{subscriptionId}',
		params: [subscriptionId],
		body: { schema: subscriptionUpdate },
		output: 'object',
	},
	delete: {
		...base,
		resource: 'webhookSubscription',
		operation: 'delete',
		name: 'Delete',
		action: 'Deactivate webhook subscription',
		description: 'Deactivates a subscription; one already deactivated cannot be deleted again',
		method: 'DELETE',
		path: '/subscriptions/{subscriptionId}',
		params: [subscriptionId],
		output: 'deleted',
	},
} satisfies Record<string, Operation>;

export const webhookOperations: Operation[] = [
	...Object.values(subscriptionOperations),
	{
		...base,
		resource: 'webhookMetrics',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many webhook metrics',
		description:
			'Returns delivery statistics of every subscription: attempted, delivered, undelivered and failed messages',
		method: 'GET',
		path: '/metrics',
		params: [],
		output: 'itemsList',
	},
];
