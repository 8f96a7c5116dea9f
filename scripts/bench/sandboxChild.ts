/**
 * The sandbox in a process of its own (forked by ./sandbox), so that it has its own core and
 * neither the bench's clients nor its bookkeeping share its event loop. It answers the parent
 * over IPC: its CPU use and busy time, and request counts from its request log.
 */
import { startSandbox, type SandboxOptions } from '../../sandbox';
import type { LogFilter } from '../../sandbox/requestLog';

export type ChildRequest =
	| { id: number; type: 'usage' }
	| { id: number; type: 'count'; filter: LogFilter }
	| { id: number; type: 'clearLog' };

export interface Usage {
	/** CPU time of the sandbox process (user + system), ms. */
	cpuMs: number;
	/** Time its event loop was busy, ms. */
	busyMs: number;
}

async function main() {
	const options = JSON.parse(process.argv[2] ?? '{}') as SandboxOptions;
	const sandbox = await startSandbox(options);
	const usage = (): Usage => {
		const cpu = process.cpuUsage();
		const elu = performance.eventLoopUtilization();
		return { cpuMs: (cpu.user + cpu.system) / 1000, busyMs: elu.active };
	};
	const answer = (request: ChildRequest): unknown => {
		if (request.type === 'usage') return usage();
		if (request.type === 'count') return sandbox.log.list(request.filter).length;
		sandbox.log.clear();
		return true;
	};
	process.on('message', (request: ChildRequest) => {
		process.send!({ id: request.id, value: answer(request) });
	});
	// The parent gone (even killed) means the bench is over.
	process.on('disconnect', () => {
		void sandbox.stop().finally(() => process.exit(0));
	});
	process.send!({
		id: 0,
		value: {
			restBaseUrl: sandbox.restBaseUrl,
			webhooksBaseUrl: sandbox.webhooksBaseUrl,
			adminUrl: sandbox.adminUrl,
			apiKey: sandbox.apiKey,
			siteId: sandbox.siteId,
			staffLogin: sandbox.staffLogin,
		},
	});
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
