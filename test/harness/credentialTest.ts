import { ExecuteContext, RoutingNode } from 'n8n-core';
import type { ICredentialsDecrypted, INode, INodeType } from 'n8n-workflow';
import { Workflow, createRunExecutionData } from 'n8n-workflow';

import type { InMemoryCredentialsHelper } from './credentialsHelper';
import { credentialTypes } from './nodeTypes';
import { buildAdditionalData } from './runWorkflow';

/**
 * Tests a stored credential the way n8n's CredentialsTester does for request-based tests: a
 * temporary node whose only property routes the credential's test request, run by n8n-core's
 * RoutingNode in a real ExecuteContext. Non-2xx answers fail the test.
 */
export async function testCredential(
	credentials: InMemoryCredentialsHelper,
	id: string,
): Promise<{ status: 'OK' | 'Error'; message: string }> {
	const type = credentialTypes.mindbodyApi;
	const data = credentials.get(id);
	if (!data || !type.test) throw new Error('No credential or no test');
	const nodeType: INodeType = {
		description: {
			displayName: 'Temp',
			name: 'temp',
			group: ['transform'],
			version: 1,
			description: 'Credential test',
			defaults: {},
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: type.name, required: true }],
			properties: [
				{ displayName: 'Temp', name: 'temp', type: 'string', routing: { request: type.test.request }, default: '' },
			],
		},
	};
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: 'temp',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { [type.name]: { id, name: 'Mindbody' } },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: {
			getByName: () => nodeType,
			getByNameAndVersion: () => nodeType,
			getKnownTypes: () => ({}),
		},
	});
	const context = new ExecuteContext(
		workflow,
		node,
		buildAdditionalData(credentials, { executionId: 'credential-test' }),
		'internal',
		createRunExecutionData(),
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	const decrypted: ICredentialsDecrypted = { id, name: 'Mindbody', type: type.name, data };
	try {
		await new RoutingNode(context, nodeType, decrypted).runNode();
		return { status: 'OK', message: 'Connection successful!' };
	} catch (error) {
		return { status: 'Error', message: (error as Error).message };
	}
}
