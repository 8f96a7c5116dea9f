import type { WorkflowJson } from './n8n';

export const ADD_CLIENT_PATH = 'add-client';

/**
 * Webhook → Mindbody Client: Create (the body's firstName, lastName, email), answering with the new
 * client: npm start adds a client with it, and the e2e suite starts the client loop with it.
 */
export function addClientWorkflow(credentialId: string, path = ADD_CLIENT_PATH): WorkflowJson {
	return {
		name: 'Add a client with the Mindbody node',
		nodes: [
			{
				id: '9d0a0001-0000-4000-8000-000000000001',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '9d0a0001-0000-4000-8000-0000000000aa',
				parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', options: {} },
			},
			{
				id: '9d0a0001-0000-4000-8000-000000000002',
				name: 'Create Client',
				type: 'n8n-nodes-mindbody.mindbody',
				typeVersion: 1,
				position: [240, 0],
				parameters: {
					resource: 'client',
					operation: 'create',
					firstName: '={{ $json.body.firstName }}',
					lastName: '={{ $json.body.lastName }}',
					additionalFields: { email: '={{ $json.body.email }}' },
				},
				credentials: { mindbodyApi: { id: credentialId, name: 'Mindbody sandbox' } },
			},
		],
		connections: { Webhook: { main: [[{ node: 'Create Client', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}
