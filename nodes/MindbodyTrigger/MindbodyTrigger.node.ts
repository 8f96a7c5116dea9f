import type {
	IExecuteFunctions,
	IHookFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { RunSession } from '../shared/transport';

import { receiveDelivery } from './delivery';
import { triggerProperties } from './description';
import { firstRunsOnly } from './firstRuns';
import { createSubscription, removeSubscription, subscriptionExists } from './lifecycle';

/**
 * Starts a workflow on Mindbody webhook events. Activating the workflow creates and activates a
 * subscription at the webhook service; deactivating deletes it. webhook() verifies each delivery
 * and lets each messageId through once per process; execute(), the first step of the run it
 * starts, drops ids n8n's database already holds (from before a restart) and shapes the items.
 */
export class MindbodyTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Mindbody Trigger',
		name: 'mindbodyTrigger',
		icon: { light: 'file:../../icons/mindbody.svg', dark: 'file:../../icons/mindbody.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{($parameter["events"] || []).join(", ")}}',
		description:
			'Book classes and appointments, check out sales, manage clients and staff, and start workflows on Mindbody events',
		defaults: { name: 'Mindbody Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'mindbodyApi', required: true }],
		webhooks: [
			// The service checks the URL with HEAD when a subscription is created or changed.
			{ name: 'setup', httpMethod: 'HEAD', responseMode: 'onReceived', path: 'webhook' },
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		properties: triggerProperties,
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await subscriptionExists(new RunSession(this));
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await createSubscription(new RunSession(this));
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await removeSubscription(new RunSession(this));
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		if (this.getWebhookName() === 'setup') {
			// Answer the validity check without running the workflow.
			this.getResponseObject().status(200).end();
			return { noWebhookResponse: true };
		}
		return await receiveDelivery(this);
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [await firstRunsOnly(this)];
	}
}
