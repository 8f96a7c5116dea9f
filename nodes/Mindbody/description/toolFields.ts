import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * The tool variant's Description field, one per operation, built when the node loads.
 *
 * n8n describes a node used as an AI agent's tool with its `toolDescription` parameter, or, without
 * one, with "{action} in Mindbody". A node whose fields hold a `toolDescription` keeps it when n8n
 * makes its tool variant (n8n adds its own Description field only to nodes without one), so the
 * node has one per operation, shown only in the tool variant (`@tool`). Its default is what the
 * agent reads: n8n fills a parameter's default in when it loads a workflow, and the agent and the
 * MCP Server Trigger read the description from the parameters as they are (n8n 2.8 does not
 * evaluate an expression there), so the default is the text itself. A person can still rewrite it.
 *
 * Each description starts with what the operation does, which its Operation option already says:
 * the node stores only the rest (`toolDescriptions.json`, written with its fields by
 * `npm run node:properties`) and joins the two here, rather than storing that text twice.
 */

/** What the node stores of one operation's tool description. */
export interface StoredToolDescription {
	/** What it does, where the tool says it otherwise than the Operation option's description. */
	does?: string;
	/** Everything after what it does. */
	rest: string;
}

/** By resource, then operation. */
export type StoredToolDescriptions = Readonly<Record<string, Readonly<Record<string, StoredToolDescription>>>>;

/** A sentence: the text with one full stop at its end. */
export const sentence = (text: string) => `${text.trim().replace(/\.$/, '')}.`;

/** One Description field per operation of the node's Operation fields, after the last of them. */
export function withToolDescriptions(properties: INodeProperties[], stored: StoredToolDescriptions): INodeProperties[] {
	const operationFields = properties.filter((property) => property.name === 'operation');
	const fields = operationFields.flatMap((field) => {
		const resource = String(field.displayOptions?.show?.resource?.[0]);
		return (field.options as INodePropertyOptions[]).map((option): INodeProperties => {
			// None stored (the file older than the fields; test/docs fails then): what it does alone.
			const words = stored[resource]?.[String(option.value)] ?? { rest: '' };
			return {
				displayName: 'Description',
				name: 'toolDescription',
				type: 'string',
				default: `${words.does ?? sentence(option.description ?? '')} ${words.rest}`.trim(),
				typeOptions: { rows: 4 },
				description: 'What the AI agent is told about this tool',
				displayOptions: { show: { '@tool': [true], resource: [resource], operation: [option.value] } },
			};
		});
	});
	const after = properties.indexOf(operationFields[operationFields.length - 1]) + 1;
	return [...properties.slice(0, after), ...fields, ...properties.slice(after)];
}
