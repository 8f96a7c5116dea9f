import { Container } from '@n8n/di';
import { ScheduledTaskManager } from 'n8n-core/dist/execution-engine/scheduled-task-manager';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';

// n8n-core services start intervals when first used; a server process keeps them, a test run ends.
afterAll(() => {
	if (Container.has(SSHClientsManager)) {
		clearInterval((Container.get(SSHClientsManager) as unknown as { cleanupTimer?: NodeJS.Timeout }).cleanupTimer);
	}
	if (Container.has(ScheduledTaskManager)) {
		clearInterval((Container.get(ScheduledTaskManager) as unknown as { logInterval?: NodeJS.Timeout }).logInterval);
	}
});
