/**
 * The MCP client of the official TypeScript SDK (@modelcontextprotocol/sdk), the one place the e2e
 * suite loads it from: the dev dependency when installed, else the install MCP_SDK_DIR names
 * (`npm install --prefix "$MCP_SDK_DIR" @modelcontextprotocol/sdk`). Once the dependency is in
 * package.json, this file imports it directly and the types below give way to the SDK's own.
 */
import * as path from 'node:path';

/** What a tool call answers: content parts (text for n8n's tools), or an error flag. */
export interface CallToolResult {
	content: Array<{ type: string; text?: string }>;
	isError?: boolean;
}

export interface McpTool {
	name: string;
	description?: string;
	inputSchema: {
		type: 'object';
		properties?: Record<string, { type?: string; description?: string }>;
		required?: string[];
	};
}

export interface McpClient {
	connect(transport: unknown): Promise<void>;
	listTools(): Promise<{ tools: McpTool[] }>;
	callTool(request: { name: string; arguments?: Record<string, unknown> }): Promise<CallToolResult>;
	close(): Promise<void>;
}

interface ClientModule {
	Client: new (info: { name: string; version: string }) => McpClient;
}

interface StreamableHttpModule {
	StreamableHTTPClientTransport: new (url: URL, options?: { requestInit?: RequestInit }) => unknown;
}

function load<T>(subPath: string): T {
	const dir = process.env.MCP_SDK_DIR;
	const file = dir
		? path.join(dir, 'node_modules/@modelcontextprotocol/sdk/dist/cjs', subPath)
		: `@modelcontextprotocol/sdk/${subPath}`;
	try {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		return require(file) as T;
	} catch (error) {
		throw new Error(
			`The MCP SDK is not installed (${(error as Error).message.split('\n')[0]}): add the dev dependency @modelcontextprotocol/sdk, or set MCP_SDK_DIR to an npm prefix holding it`,
		);
	}
}

/** An MCP client connected over Streamable HTTP, with the headers given on every request. */
export async function connectMcp(url: string, headers: Record<string, string> = {}): Promise<McpClient> {
	const { Client } = load<ClientModule>('client/index.js');
	const { StreamableHTTPClientTransport } = load<StreamableHttpModule>('client/streamableHttp.js');
	const client = new Client({ name: 'n8n-nodes-mindbody-e2e', version: '1.0.0' });
	await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
	return client;
}
