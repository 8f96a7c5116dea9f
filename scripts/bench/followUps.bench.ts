import { writeFileSync } from 'node:fs';

import { followUpsJob } from './followUpsRun';

/** Run by scripts/bench/followUps.ts: writes the rows and notes to the file it names. */
test('follow-up events: requests of the first and the daily polls', async () => {
	const notes: string[] = [];
	const rows = await followUpsJob(notes);
	writeFileSync(process.env.FOLLOW_UPS_OUT!, JSON.stringify({ rows, notes }));
});
