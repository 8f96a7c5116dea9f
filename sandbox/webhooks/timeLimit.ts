import type { SandboxClock } from '../context';

/**
 * The service's answer time limits (10 s) run on the sandbox clock, so a test reaches one by
 * moving the clock instead of waiting. The same limit in real time stays as a backstop, for a
 * clock that stands still while nobody moves it; it is far above any normal answer on loopback.
 */
export function startTimeLimit(clock: SandboxClock, ms: number, expire: () => void): () => void {
	const onClock = clock.schedule(clock.now() + ms, expire);
	const backstop = setTimeout(expire, ms);
	return () => {
		onClock.cancel();
		clearTimeout(backstop);
	};
}
