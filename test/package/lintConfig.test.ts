import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../..');
const normalised = (path: string) => readFileSync(path, 'utf8').replace(/\s+/g, ' ').trim();

// `n8n-node lint` refuses a package in strict mode whose eslint.config.mjs differs from this template.
test("eslint.config.mjs is n8n's default for community nodes, as strict mode requires", () => {
	const template = join(root, 'node_modules/@n8n/node-cli/dist/template/templates/shared/default/eslint.config.mjs');
	expect(normalised(join(root, 'eslint.config.mjs'))).toBe(normalised(template));
});
