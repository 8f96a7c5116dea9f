import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MindbodyApi } from '../../credentials/MindbodyApi.credentials';
import { Mindbody } from '../../nodes/Mindbody/Mindbody.node';

export const PACKAGE = 'n8n-nodes-mindbody';
export const MINDBODY = `${PACKAGE}.mindbody`;
export const MINDBODY_TRIGGER = `${PACKAGE}.mindbodyTrigger`;
export const START = 'harness.start';

/** Where a run begins: hands on the items the harness gives it (n8n needs a node with no inputs). */
class Start implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Start',
		name: 'start',
		group: ['input'],
		version: 1,
		description: 'Passes on the items the run was started with',
		defaults: { name: 'Start' },
		inputs: [],
		outputs: ['main'],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

/** The node-types lookup n8n-core asks for, holding our nodes under their package names. */
export class HarnessNodeTypes implements INodeTypes {
	private readonly types: Record<string, INodeType | IVersionedNodeType>;

	constructor(extra: Record<string, INodeType> = {}) {
		this.types = { [START]: new Start(), [MINDBODY]: new Mindbody(), ...extra };
	}

	/** A node type loaded again, as after a restart of n8n. */
	replace(name: string, type: INodeType) {
		this.types[name] = type;
	}

	getByName(name: string) {
		const type = this.types[name];
		if (!type) throw new Error(`Unknown node type ${name}`);
		return type;
	}

	getByNameAndVersion(name: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(name), version);
	}

	getKnownTypes() {
		return Object.fromEntries(Object.keys(this.types).map((name) => [name, { className: name, sourcePath: '' }]));
	}
}

export const credentialTypes = { mindbodyApi: new MindbodyApi() };
