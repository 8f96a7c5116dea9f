// n8n-core writes its instance settings under N8N_USER_FOLDER (default ~/.n8n): keep tests in a temp folder.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder made here, removed after the test file (teardown.ts); undefined when one was given. */
export const createdUserFolder = process.env.N8N_USER_FOLDER
	? undefined
	: (process.env.N8N_USER_FOLDER = mkdtempSync(join(tmpdir(), 'n8n-mindbody-test-')));
process.env.N8N_ENCRYPTION_KEY ??= 'harness-encryption-key';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
