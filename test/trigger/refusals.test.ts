import type { Logger } from 'n8n-workflow';

import { REFUSAL_SUMMARY_MS, RefusalLog } from '../../nodes/MindbodyTrigger/refusals';

const T0 = Date.UTC(2026, 0, 1);

function recordingLogger() {
	const lines: string[] = [];
	const logger = { warn: (line: string) => void lines.push(line) } as unknown as Logger;
	return { lines, logger };
}

describe('refused deliveries are logged in bounded volume', () => {
	test('10,000 refusals within a minute write one line; the next minute sums them up', () => {
		const { lines, logger } = recordingLogger();
		const log = new RefusalLog('Mindbody Trigger "T"');
		for (let i = 0; i < 10_000; i++) log.refused(logger, i % 2 ? 'wrong signature' : 'no signature header', T0 + i);
		expect(lines).toHaveLength(1);
		expect(lines[0]).toContain('no signature header');

		log.refused(logger, 'wrong signature', T0 + REFUSAL_SUMMARY_MS + 1);
		expect(lines).toHaveLength(3);
		expect(lines[1]).toContain('refused 9999 more deliveries');
		expect(lines[1]).toContain('wrong signature: 5000');
		expect(lines[1]).toContain('no signature header: 4999');
	});

	test('a good delivery after the minute reports what was counted', () => {
		const { lines, logger } = recordingLogger();
		const log = new RefusalLog('T');
		log.refused(logger, 'a', T0);
		log.refused(logger, 'a', T0 + 1);
		log.flush(logger, T0 + 10);
		expect(lines).toHaveLength(1);
		log.flush(logger, T0 + REFUSAL_SUMMARY_MS);
		expect(lines).toHaveLength(2);
		expect(lines[1]).toContain('refused 1 more deliveries');
	});
});
