/**
 * The AI examples (examples/07 and 08) in a real n8n: the sandbox credential and the other
 * credentials the example names (a chat model, a bearer token) imported before start, each
 * placeholder of the example replaced by its credential's id, the workflow created and active.
 */
import type { Sandbox } from '../../../sandbox';
import { example, sandboxCredential, tarball, VERSION } from './mindbody';
import { N8n, type CredentialJson, type WorkflowJson } from './n8n';

export async function startWithExample(
	sandbox: Sandbox,
	file: string,
	others: Record<string, CredentialJson & { id: string }>,
): Promise<{ n8n: N8n; workflow: WorkflowJson }> {
	const mindbody = sandboxCredential(sandbox);
	const n8n = await N8n.start({
		version: VERSION,
		tarball: tarball(),
		credentials: [mindbody, ...Object.values(others)],
	});
	let text = JSON.stringify(example(file, mindbody.id));
	for (const [placeholder, credential] of Object.entries(others)) text = text.split(placeholder).join(credential.id);
	const workflow = JSON.parse(text) as WorkflowJson;
	await n8n.importWorkflow(workflow);
	return { n8n, workflow };
}

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
