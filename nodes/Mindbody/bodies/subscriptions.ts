import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { eventIds } from '../../shared/events/eventCatalogue';
import { SUBSCRIPTION_STATUSES, WEBHOOK_URL_MAX } from '../../shared/schemas';
import { fieldError } from '../fields/fieldValues';
import type { BodyInput } from './types';

const eventIdsField: INodeProperties = {
	displayName: 'Event IDs',
	name: 'eventIds',
	type: 'multiOptions',
	default: [],
	options: eventIds.map((id) => ({ name: id, value: id })),
	description: 'The event kinds sent to the webhook URL',
};

const webhookUrlField: INodeProperties = {
	displayName: 'Webhook URL',
	name: 'webhookUrl',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://example.com/webhook',
	description:
		'HTTPS URL (at most 2,083 characters) that accepts POST and HEAD; it must answer the validity check (HEAD) with a 2xx within 10 seconds',
};

/** Hosts of this machine: a URL on one of them only a local stand-in of the service can reach. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The service's rule for webhookUrl (HTTPS, at most 2,083 characters), checked before sending so
 * the field is named; the URL is sent as typed. Plain http is let through only to this machine
 * (127.0.0.1, localhost, [::1]): Mindbody cannot reach such a URL whatever its scheme, so it is
 * only of use with a local stand-in of the service, such as this package's sandbox. The trigger
 * does not pass through here: it sends n8n's own webhook URL, which the service judges (see
 * schemas/bodies.ts).
 */
function checkedWebhookUrl(ctx: Parameters<BodyInput['read']>[0], i: number, value: unknown): unknown {
	if (typeof value !== 'string' || value.trim() === '') return value;
	if (value.length > WEBHOOK_URL_MAX) {
		throw fieldError(
			ctx,
			i,
			'Webhook URL',
			`is ${value.length.toLocaleString('en-US')} characters long; the webhook service accepts at most 2,083`,
		);
	}
	let url: URL;
	try {
		url = new URL(value.trim());
	} catch {
		throw fieldError(ctx, i, 'Webhook URL', `is not a URL: "${value}"`);
	}
	if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) return value;
	throw fieldError(ctx, i, 'Webhook URL', 'must start with https:// (the webhook service accepts only HTTPS URLs)');
}

const referenceIdField: INodeProperties = {
	displayName: 'Reference ID',
	name: 'referenceId',
	type: 'string',
	default: '',
	description: 'Any value of yours (at most 256 characters), stored and returned',
};

export const subscriptionCreateInput: BodyInput = {
	properties: () => [
		{ ...eventIdsField, required: true },
		{ ...webhookUrlField, required: true },
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [referenceIdField],
		},
	],
	read: (ctx, i) => {
		const additional = ctx.getNodeParameter('additionalFields', i, {}) as IDataObject;
		return {
			eventIds: ctx.getNodeParameter('eventIds', i),
			eventSchemaVersion: 1,
			webhookUrl: checkedWebhookUrl(ctx, i, ctx.getNodeParameter('webhookUrl', i)),
			...(additional.referenceId ? { referenceId: additional.referenceId } : {}),
		};
	},
};

export const subscriptionUpdateInput: BodyInput = {
	properties: () => [
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				eventIdsField,
				referenceIdField,
				{
					displayName: 'Status',
					name: 'status',
					type: 'options',
					default: 'Active',
					options: SUBSCRIPTION_STATUSES.map((value) => ({ name: value, value })),
					description: 'Active activates or reactivates the subscription; DeactivatedByUser stops deliveries',
				},
				webhookUrlField,
			],
		},
	],
	read: (ctx, i) => {
		const fields = ctx.getNodeParameter('updateFields', i, {}) as IDataObject;
		const body: IDataObject = { ...fields };
		if (fields.webhookUrl !== undefined) body.webhookUrl = checkedWebhookUrl(ctx, i, fields.webhookUrl) as string;
		if (fields.eventIds !== undefined) body.eventSchemaVersion = 1;
		return body;
	},
};
