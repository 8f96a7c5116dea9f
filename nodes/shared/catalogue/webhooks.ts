import { subscriptionCreate, subscriptionUpdate } from '../schemas/bodies';
import { pathParam } from './params';
import type { Operation } from './types';

const base = { service: 'webhooks', userToken: false } as const;
const subscriptionId = pathParam('subscriptionId', 'string', 'Subscription ID', {
	description: 'The GUID of the subscription',
});

export const webhookOperations: Operation[] = [
	{
		...base,
		resource: 'webhookSubscription',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get webhook subscriptions',
		description: 'Lists the webhook subscriptions of the developer account',
		method: 'GET',
		path: '/subscriptions',
		params: [],
		successStatus: 200,
		output: 'itemsList',
	},
	{
		...base,
		resource: 'webhookSubscription',
		operation: 'get',
		name: 'Get',
		action: 'Get a webhook subscription',
		description: 'Returns one webhook subscription',
		method: 'GET',
		path: '/subscriptions/{subscriptionId}',
		params: [subscriptionId],
		successStatus: 200,
		output: 'object',
	},
	{
		...base,
		resource: 'webhookSubscription',
		operation: 'create',
		name: 'Create',
		action: 'Create a webhook subscription',
		description:
			'Creates a pending subscription. The answer is the only one sure to carry messageSignatureKey: store it to verify deliveries. Activate the subscription with Update, status Active.',
		method: 'POST',
		path: '/subscriptions',
		params: [],
		body: { schema: subscriptionCreate },
		successStatus: 200,
		output: 'object',
	},
	{
		...base,
		resource: 'webhookSubscription',
		operation: 'update',
		name: 'Update',
		action: 'Update or activate a webhook subscription',
		description:
			'Activates (status Active), deactivates (DeactivatedByUser) or changes a subscription; only the fields given change',
		method: 'PATCH',
		path: '/subscriptions/{subscriptionId}',
		params: [subscriptionId],
		body: { schema: subscriptionUpdate },
		successStatus: 200,
		output: 'object',
	},
	{
		...base,
		resource: 'webhookSubscription',
		operation: 'delete',
		name: 'Delete',
		action: 'Deactivate a webhook subscription',
		description: 'Deactivates a subscription; deleting one already deactivated fails (14000018)',
		method: 'DELETE',
		path: '/subscriptions/{subscriptionId}',
		params: [subscriptionId],
		successStatus: 200,
		output: 'object',
	},
	{
		...base,
		resource: 'webhookMetrics',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get webhook delivery metrics',
		description:
			'Returns delivery statistics of every subscription: attempted, delivered, undelivered and failed messages',
		method: 'GET',
		path: '/metrics',
		params: [],
		successStatus: 200,
		output: 'itemsList',
	},
];
