/**
 * Runs a real, pinned n8n (installed by ./install) against a throwaway user folder:
 * community-package install, CLI commands, and a server on 127.0.0.1 with owner + API key.
 * Everything binds to 127.0.0.1 and telemetry / update checks are off, so nothing leaves the machine.
 *
 *   userFolder   the user folder, community package install, packProject
 *   environment  n8nEnv (the environment of every n8n process), freePort, HOST, ENCRYPTION_KEY
 *   cli          the context shared by CLI calls and the server, n8n CLI commands
 *   process      starting, stopping and restarting the server (or a worker / webhook process)
 *   http         REST, public API and webhook calls to a running server
 */
export { DEFAULT_VERSION, type N8nVersion } from './install';
export { installCommunityPackage, packProject, prepareUserFolder } from './userFolder';
export { ENCRYPTION_KEY, freePort, HOST, n8nEnv, type EnvOptions } from './environment';
export {
	createContext,
	executeWorkflow,
	importCredential,
	importWorkflow,
	newId,
	publishWorkflow,
	runCli,
	type CliResult,
	type Context,
	type CredentialJson,
	type WorkflowJson,
} from './cli';
export { restartServer, startServer, stopServer, type ServerHandle, type StartOptions } from './process';
export {
	api,
	callWebhook,
	createAndActivateWorkflow,
	createApiKey,
	createCredential,
	listExecutions,
	login,
	rest,
	setupOwner,
	type Execution,
	type HttpOptions,
	type HttpResult,
} from './http';
