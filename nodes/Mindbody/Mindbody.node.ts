import type {
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeExecutionData,
	INodeListSearchResult,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { authenticationProperty, credentialChoices } from '../shared/auth/authentication';
import { LISTS } from '../shared/catalogue/listSources';
import { withToolDescriptions } from './description/toolFields';
import properties from './nodeProperties.json';
import toolDescriptions from './toolDescriptions.json';

/**
 * The fields come from nodeProperties.json, which `npm run node:properties` builds from the
 * catalogue, with the tool variant's Description fields made from toolDescriptions.json: n8n reads
 * every node's description when it starts, and the catalogue, its 206 operations and their
 * requests are loaded only when the node first runs or fills a dropdown.
 */
const methodNames = Object.values(LISTS).map((list) => list.method);

const listSearch = Object.fromEntries(
	methodNames.map((name) => [
		name,
		async function (this: ILoadOptionsFunctions, filter?: string, token?: string): Promise<INodeListSearchResult> {
			const methods = await import('./methods/listSearch');
			return await methods.listSearch[name].call(this, filter, token);
		},
	]),
);

const loadOptions = Object.fromEntries(
	methodNames.map((name) => [
		name,
		async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
			const methods = await import('./methods/listSearch');
			return await methods.loadOptions[name].call(this);
		},
	]),
);

export class Mindbody implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Mindbody',
		name: 'mindbody',
		icon: { light: 'file:../../icons/mindbody.svg', dark: 'file:../../icons/mindbody.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Work with a Mindbody business: clients, classes, appointments, sales and checkout, contracts, staff, site lists, dashboards and webhook subscriptions',
		defaults: { name: 'Mindbody' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: credentialChoices,
		properties: [authenticationProperty, ...withToolDescriptions(properties as INodeProperties[], toolDescriptions)],
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const { router } = await import('./actions/router');
		return await router.call(this);
	}
}
