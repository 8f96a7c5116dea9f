import { writeFileSync } from 'node:fs';

import { followUpsJob } from './followUpsRun';
import { safetyNetJob } from './safetyNetRun';

/** Run by scripts/bench/followUps.ts: writes the rows and notes to the file it names. */
test('follow-up events and the Webhook Safety Net: requests of the first and the later polls', async () => {
	const notes: string[] = [];
	const rows = await followUpsJob(notes);
	rows.push(...(await safetyNetJob(notes)));
	writeFileSync(process.env.FOLLOW_UPS_OUT!, JSON.stringify({ rows, notes }));
});
