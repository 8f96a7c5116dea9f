import { Container } from '@n8n/di';
import { rmSync } from 'node:fs';
import { ScheduledTaskManager } from 'n8n-core/dist/execution-engine/scheduled-task-manager';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';

import { createdUserFolder } from './env';

// n8n-core services start intervals when first used; a server process keeps them, a test run ends.
afterAll(() => {
	if (Container.has(SSHClientsManager)) {
		clearInterval((Container.get(SSHClientsManager) as unknown as { cleanupTimer?: NodeJS.Timeout }).cleanupTimer);
	}
	if (Container.has(ScheduledTaskManager)) {
		clearInterval((Container.get(ScheduledTaskManager) as unknown as { logInterval?: NodeJS.Timeout }).logInterval);
	}
	// The user folder env.ts made for this test file (one given from outside is kept).
	if (createdUserFolder) rmSync(createdUserFolder, { recursive: true, force: true });
});
