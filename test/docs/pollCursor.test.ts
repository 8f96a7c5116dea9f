import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** docs/poll-cursor.md draws the change cursor: it names every field the cursor has, and no other. */

const root = join(__dirname, '../..');
const page = readFileSync(join(root, 'docs/poll-cursor.md'), 'utf8');
const source = readFileSync(join(root, 'nodes/MindbodyPollTrigger/changeCursor.ts'), 'utf8');

test("the page's field table is ChangeCursor's fields", () => {
	const body = /export interface ChangeCursor \{([^}]*)\}/.exec(source)![1];
	const fields = [...body.matchAll(/^\s*(\w+)\??:/gm)].map((match) => match[1]).sort();
	expect(fields.length).toBeGreaterThan(5);
	const rows = [...page.matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1]).sort();
	expect(rows).toEqual(fields);
});

test('the page holds a state diagram', () => {
	expect(page).toMatch(/```mermaid\nstateDiagram-v2\n[\s\S]*\[\*\] -->[\s\S]*```/);
});
