/**
 * What the AI examples' suites (examples/07 and 08) read from a workflow: its tools' descriptions
 * and nodes.
 */
import type { WorkflowJson } from './n8n';

/** The Description of each Mindbody tool of a workflow, by the name n8n gives the tool (its node's name). */
export function toolDescriptions(workflow: WorkflowJson): Record<string, string> {
	return Object.fromEntries(
		workflow.nodes
			.filter((node) => node.type === 'n8n-nodes-mindbody.mindbodyTool')
			.map((node) => [
				String(node.name).replace(/[^a-zA-Z0-9_-]+/g, '_'),
				(node.parameters as { toolDescription: string }).toolDescription,
			]),
	);
}

/** The node of a workflow of that type. */
export const nodeOfType = (workflow: WorkflowJson, type: string) => workflow.nodes.find((node) => node.type === type)!;
