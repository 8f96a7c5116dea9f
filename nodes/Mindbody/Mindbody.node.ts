import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { router } from './actions/router';
import { nodeProperties } from './description';
import { listSearch, loadOptions } from './methods/listSearch';

export class Mindbody implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Mindbody',
		name: 'mindbody',
		icon: { light: 'file:../../icons/mindbody.svg', dark: 'file:../../icons/mindbody.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Work with a Mindbody business: appointments, requests, availability, classes, sales, promo codes, consumer booking, dashboards and webhook subscriptions',
		defaults: { name: 'Mindbody' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'mindbodyApi', required: true }],
		properties: nodeProperties,
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
