import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../../shared/catalogue';
import { DEFAULT_TIMEOUT_MS } from '../../shared/transport';
import { showFor } from './fieldNames';

export const DEFAULT_BATCH_SIZE = 50;

/** Options every operation has, plus batching where the body is a list. */
export function commonOptions(operation: Operation): INodeProperties[] {
	const options: INodeProperties[] = [];
	if (operation.body?.batchable) {
		options.push(
			{
				displayName: 'Batch Items',
				name: 'batch',
				type: 'boolean',
				default: false,
				description:
					'Whether to send the IDs or entries of all input items together, in as few requests as the batch size allows, instead of one request per item',
			},
			{
				displayName: 'Batch Size',
				name: 'batchSize',
				type: 'number',
				default: DEFAULT_BATCH_SIZE,
				typeOptions: { minValue: 1 },
				description: 'Max number of input items per request when batching',
				displayOptions: { show: { batch: [true] } },
			},
		);
	}
	if (operation.service === 'rest') {
		options.push(
			{
				displayName: 'Site ID',
				name: 'siteId',
				type: 'number',
				default: -99,
				description:
					'Act on another business than the credential names (for developer accounts linked to several sites)',
			},
			{
				displayName: 'Skip Request Deduplication',
				name: 'skipDeduplication',
				type: 'boolean',
				default: false,
				description:
					'Whether to send X-RequestDeduplication-Skip: true, so identical requests in quick succession all count',
			},
			{
				displayName: 'Transaction Key',
				name: 'transactionKey',
				type: 'string',
				default: '',
				description:
					'Sent as the Transaction-Key header; webhook events this call causes carry it when the subscription belongs to the same source. At most 50 characters: longer keys are cut.',
			},
		);
	}
	options.push({
		displayName: 'Timeout',
		name: 'timeout',
		type: 'number',
		default: DEFAULT_TIMEOUT_MS,
		typeOptions: { minValue: 1 },
		description:
			'Time in ms to wait for each answer. A call that times out is retried up to 3 times when sending it again is safe (GET, PUT, PATCH and DELETE that book or charge nothing); POST calls are never resent.',
	});
	options.sort((a, b) => a.displayName.localeCompare(b.displayName));
	if (!options.length) return [];
	return [{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: showFor(operation),
		options,
	}];
}
