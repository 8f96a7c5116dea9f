import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { credentialChoices } from '../shared/auth/authentication';
import { pollTriggerProperties } from './description';

/**
 * Starts a workflow on new or changed Mindbody records by asking the REST API on a schedule:
 * no public HTTPS URL and no webhook subscription needed. Each poll passes on what changed since
 * the last one, once; items are shaped like the Mindbody Trigger's webhook events.
 */
export class MindbodyPollTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Mindbody Poll Trigger',
		name: 'mindbodyPollTrigger',
		icon: { light: 'file:../../icons/mindbody.svg', dark: 'file:../../icons/mindbody.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"]}}',
		description: 'Starts the workflow when Mindbody has new clients, sales or bookings, by asking on a schedule',
		defaults: { name: 'Mindbody Poll Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: credentialChoices,
		// n8n puts its own Poll Times (every minute by default) in front of a polling node's fields
		// when it loads the node; this list carries Poll Times itself (every 15 minutes), and each
		// read gets a copy, so n8n's addition lands in a copy no one reads again.
		get properties() {
			return [...pollTriggerProperties];
		},
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		// What a poll reads (the catalogue and its requests) loads with the first poll, not with n8n.
		const { runPoll } = await import('./poll');
		return await runPoll(this);
	}

	/** The first step of the run a poll started (drops what a stored run already has), and Fetch Test Event. */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const { firstStep } = await import('./firstStep');
		return await firstStep(this);
	}
}
