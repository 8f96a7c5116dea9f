import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CHANGE_CURSOR_FIELDS } from '../../nodes/MindbodyPollTrigger/changeCursor';

/** docs/poll-cursor.md draws the change cursor: it names every field the cursor has, and no other. */

const root = join(__dirname, '../..');
const page = readFileSync(join(root, 'docs/poll-cursor.md'), 'utf8');

/** The fields the page's table names, one per row. */
const rowsOf = (text: string) => [...text.matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1]).sort();

test("the page's field table is ChangeCursor's fields", () => {
	// The list the compiler holds to be exactly the interface's keys.
	const fields = [...CHANGE_CURSOR_FIELDS].sort();
	expect(fields.length).toBeGreaterThan(5);
	expect(rowsOf(page)).toEqual(fields);
	// A row for a field the cursor does not have is seen.
	const planted = page.replace(/^(\| `after` \|.*)$/m, '$1\n| `before` | Nothing. |');
	expect(rowsOf(planted)).toEqual([...fields, 'before'].sort());
	expect(rowsOf(planted)).not.toEqual(fields);
});

test('the page holds a state diagram', () => {
	expect(page).toMatch(/```mermaid\nstateDiagram-v2\n[\s\S]*\[\*\] -->[\s\S]*```/);
});
