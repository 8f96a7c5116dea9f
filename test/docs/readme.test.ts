import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { operations } from '../../nodes/shared/catalogue';
import { withTable } from '../../scripts/operationTable';

const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');

test("README's operation table is the catalogue's (npm run readme:operations)", () => {
	expect(readme).toBe(withTable(readme));
	for (const op of operations) expect(readme).toContain(`\`${op.method} ${op.path}\``);
});

test('README names the commands CI and a new user run', () => {
	expect(readme).toContain('npm install && npm start');
	expect(readme).toContain('npm test');
});
