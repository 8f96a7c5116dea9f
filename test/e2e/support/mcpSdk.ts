/** The MCP client of the official TypeScript SDK (@modelcontextprotocol/sdk), connected over Streamable HTTP. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export type McpClient = Client;

/** An MCP client connected to `url`, with the headers given on every request. */
export async function connectMcp(url: string, headers: Record<string, string> = {}): Promise<McpClient> {
	const client = new Client({ name: 'n8n-nodes-mindbody-e2e', version: '1.0.0' });
	await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
	return client;
}
