import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * docs/claims.md maps each claim of README (and of the pages README gives as its proof) to the tests
 * that prove it. A test renamed, moved or removed, or a README heading renamed, fails here, naming
 * the row, so the table changes in the same commit.
 */

const root = join(__dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** GitHub's and npm's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
	heading
		.trim()
		.toLowerCase()
		.replace(/[^\w\- ]/g, '')
		.replace(/ /g, '-');

/** The `#`, `##` and `###` headings of a Markdown page, code blocks left out. */
function headingsOf(markdown: string): string[] {
	let fenced = false;
	const headings: string[] = [];
	for (const line of markdown.split('\n')) {
		if (line.startsWith('```')) fenced = !fenced;
		const heading = !fenced && /^#{1,3} (.+)$/.exec(line);
		if (heading) headings.push(heading[1].trim());
	}
	return headings;
}

// ---- The names a test file gives its tests, read from its code ----

/** Where the comment, string, template or regular expression that starts at `at` ends (one past it). */
function pastToken(code: string, at: number): number {
	if (code.startsWith('//', at)) {
		const end = code.indexOf('\n', at);
		return end < 0 ? code.length : end;
	}
	if (code.startsWith('/*', at)) {
		const end = code.indexOf('*/', at + 2);
		return end < 0 ? code.length : end + 2;
	}
	const quote = code[at];
	if (quote === "'" || quote === '"') {
		let i = at + 1;
		while (i < code.length && code[i] !== quote && code[i] !== '\n') i += code[i] === '\\' ? 2 : 1;
		return i + 1;
	}
	if (quote === '`') {
		let i = at + 1;
		while (i < code.length && code[i] !== '`') {
			if (code[i] === '\\') i += 2;
			else if (code.startsWith('${', i)) i = closing(code, i + 1) + 1;
			else i++;
		}
		return i + 1;
	}
	// A slash after an operator or an opening bracket starts a regular expression, not a division.
	if (
		quote === '/' &&
		/^[(,=:[!&|?{};]?$/.test(
			code
				.slice(Math.max(0, at - 200), at)
				.trimEnd()
				.slice(-1),
		)
	) {
		let i = at + 1;
		let inClass = false;
		while (i < code.length && code[i] !== '\n' && (inClass || code[i] !== '/')) {
			if (code[i] === '[') inClass = true;
			if (code[i] === ']') inClass = false;
			i += code[i] === '\\' ? 2 : 1;
		}
		return i + 1;
	}
	return at + 1;
}

/** The index of the bracket that closes the one at `open`, comments, strings and patterns skipped. */
function closing(code: string, open: number): number {
	let depth = 0;
	for (let i = open; i < code.length; ) {
		if ('([{'.includes(code[i])) depth++;
		if (')]}'.includes(code[i]) && --depth === 0) return i;
		i = pastToken(code, i);
	}
	return code.length;
}

/** Past white space and comments. */
function skipBlank(code: string, at: number): number {
	while (at < code.length && (/\s/.test(code[at]) || code.startsWith('//', at) || code.startsWith('/*', at)))
		at = /\s/.test(code[at]) ? at + 1 : pastToken(code, at);
	return at;
}

/** The text of the string or template literal at `at` as the test runner shows it (a template keeps its `${…}`). */
function literalAt(code: string, at: number): string | undefined {
	if (!['"', "'", '`'].includes(code[at])) return undefined;
	const raw = code.slice(at + 1, pastToken(code, at) - 1);
	return code[at] === '`' ? raw.replace(/\\`/g, '`') : raw.replace(/\\(.)/g, '$1');
}

/**
 * The first argument of every `it`, `test` and `describe` call (`.each` and `.skip` too), read from
 * the code: a name found only in a comment, a string or a pattern is no test's.
 */
function testNamesOf(code: string): string[] {
	const names: string[] = [];
	for (let i = 0; i < code.length; ) {
		const call = /^(?:it|test|describe)\b((?:\.\w+)*)/.exec(code.slice(i, i + 40));
		if (!call || /[\w$.]/.test(code[i - 1] ?? '')) {
			const past = pastToken(code, i);
			// An identifier is passed whole, so that `split(` is not read as `it(`.
			i = /[\w$]/.test(code[i]) ? i + /^[\w$]+/.exec(code.slice(i))![0].length : past;
			continue;
		}
		let at = skipBlank(code, i + call[0].length);
		i = at;
		if (call[1].includes('.each')) {
			// `.each<…>(table)(name, …)`: past a type argument and the table, to the call that names the test.
			let depth = 0;
			while (at < code.length && !(code[at] === '(' && depth === 0)) {
				if ('[{'.includes(code[at])) depth++;
				if (']}'.includes(code[at])) depth--;
				at++;
			}
			at = skipBlank(code, closing(code, at) + 1);
		}
		if (code[at] !== '(') continue;
		const name = literalAt(code, skipBlank(code, at + 1));
		if (name !== undefined) names.push(name);
	}
	return names;
}

/** A cited name is a test's name as written, or a template's with its `${…}` filled in. */
function names(cited: string, name: string): boolean {
	if (cited === name) return true;
	if (!name.includes('${')) return false;
	const pattern = name
		.split(/\$\{[^}]*\}/)
		.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
		.join('.+');
	return new RegExp(`^${pattern}$`).test(cited);
}

// ---- The table ----

interface Citation {
	file: string;
	name: string;
	/** What follows the code span in its cell, up to the next citation: the hosts, for an end-to-end suite. */
	after: string;
}

interface Row {
	line: number;
	/** The README headings of the row's group, `Credentials › What the credential sends where`. */
	group: string;
	cells: string[];
	engine: Citation[];
	real: Citation[];
}

/** Code spans (`…`, or `` … `` for a name holding a backtick) of the form `file › test name`. */
function citationsIn(cell: string): Citation[] {
	const spans = [...cell.matchAll(/(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g)];
	return spans.flatMap((span, index) => {
		const text = span[2].startsWith(' ') && span[2].endsWith(' ') ? span[2].slice(1, -1) : span[2];
		const split = text.indexOf(' › ');
		if (split < 0) return [];
		const end = spans[index + 1]?.index ?? cell.length;
		const after = cell
			.slice(span.index + span[0].length, end)
			.replace(/<br>/g, '')
			.trim();
		return [{ file: text.slice(0, split), name: text.slice(split + 3), after }];
	});
}

/** The rows of the tables under headings that link to README (`## [Heading](../README.md#anchor)`). */
function rowsOf(markdown: string): { groups: Array<{ line: number; text: string; anchor: string }>; rows: Row[] } {
	const groups: Array<{ line: number; text: string; anchor: string }> = [];
	const rows: Row[] = [];
	let group: string | undefined;
	const lines = markdown.split('\n');
	lines.forEach((line, index) => {
		const heading = /^#{2,3} (.+)$/.exec(line);
		if (heading) {
			const link = /^\[(.+)\]\(\.\.\/README\.md#([^)]*)\)$/.exec(heading[1].trim());
			group = link?.[1];
			if (link) groups.push({ line: index + 1, text: link[1], anchor: link[2] });
			return;
		}
		const isRow = group && line.startsWith('|') && !/^\|[\s:|-]+\|$/.test(line);
		if (!isRow || /^\|[\s:|-]+\|$/.test(lines[index + 1] ?? '')) return;
		const cells = line
			.slice(1, -1)
			.split('|')
			.map((cell) => cell.trim());
		rows.push({
			line: index + 1,
			group: group!,
			cells,
			engine: citationsIn(cells[1] ?? ''),
			real: citationsIn(cells[2] ?? ''),
		});
	});
	return { groups, rows };
}

/** The jest configs are CommonJS files. */
const load = createRequire(__filename);

/** Whether the second host (2.41.1) runs an end-to-end file: its jest config lists it. */
const onSecondHost = (file: string): boolean =>
	(load(join(root, 'test/e2e/jest.versions.config.js')) as { testMatch: string[] }).testMatch.some(
		(match) => match === `<rootDir>/${file}`,
	);

const HOSTS = /^\((?:queue, )?(?:2\.8\.4|2\.41\.1)(?:, 2\.41\.1)?\)/;

/** What is wrong with a claims page against README and the test files: one line per fault, naming its row. */
function problemsOf(claims: string, readme: string, fileText: (file: string) => string | undefined): string[] {
	const problems: string[] = [];
	const headings = headingsOf(readme);
	const anchors = new Set(headings.map(anchorOf));
	const { groups, rows } = rowsOf(claims);
	const namesIn = new Map<string, string[] | undefined>();
	const testNames = (file: string) => {
		if (!namesIn.has(file)) {
			const text = fileText(file);
			namesIn.set(file, text === undefined ? undefined : testNamesOf(text));
		}
		return namesIn.get(file);
	};

	for (const { line, text, anchor } of groups) {
		for (const part of text.split(' › ')) {
			if (!headings.includes(part)) problems.push(`line ${line}: README has no heading "${part}"`);
		}
		if (anchor !== anchorOf(text.split(' › ').at(-1)!)) problems.push(`line ${line}: #${anchor} is not "${text}"`);
	}
	for (const [, anchor] of claims.matchAll(/\]\(\.\.\/README\.md#([^)]*)\)/g)) {
		if (!anchors.has(anchor)) problems.push(`README has no heading with the anchor #${anchor}`);
	}

	for (const row of rows) {
		const where = `line ${row.line} (${row.group})`;
		if (row.cells.length !== 4) problems.push(`${where}: ${row.cells.length} cells, not 4`);
		if (!row.engine.length && !row.real.length)
			problems.push(`${where}: no test; the claim belongs under "Claims without a test"`);
		if (!/^(yes|no)\b/.test(row.cells[3] ?? '')) problems.push(`${where}: the last cell does not start with yes or no`);
		for (const [column, citations] of [
			['engine', row.engine],
			['real n8n', row.real],
		] as const) {
			for (const { file, name, after } of citations) {
				const e2e = file.startsWith('test/e2e/');
				if (column === 'engine' && e2e) problems.push(`${where}: ${file} is an end-to-end suite, not npm test's`);
				if (column === 'real n8n' && !e2e) problems.push(`${where}: ${file} is not an end-to-end suite`);
				if (column === 'real n8n' && (!HOSTS.test(after) || after.includes('queue') !== file.includes('/queue/')))
					problems.push(`${where}: ${file} › ${name}: "${after}" does not say where it runs`);
				// The second host runs only the suites its jest config lists.
				else if (column === 'real n8n' && !file.includes('/queue/') && after.includes('2.41.1') !== onSecondHost(file))
					problems.push(
						`${where}: ${file} runs on ${onSecondHost(file) ? 'both hosts' : '2.8.4 alone'} (test/e2e/jest.versions.config.js), not as "${after}" says`,
					);
				const given = testNames(file);
				if (given === undefined) problems.push(`${where}: ${file} does not exist`);
				else if (!given.some((test) => names(name, test))) problems.push(`${where}: ${file} has no test "${name}"`);
			}
		}
	}
	return problems;
}

const fromRepository = (file: string) => (existsSync(join(root, file)) ? read(file) : undefined);

test('every test the table cites is in the file it names, under that name, and every heading it cites is README’s', () => {
	const claims = read('docs/claims.md');
	const { groups, rows } = rowsOf(claims);
	expect(groups.length).toBeGreaterThan(10);
	expect(rows.length).toBeGreaterThan(80);
	expect(problemsOf(claims, read('README.md'), fromRepository)).toEqual([]);
});

test('the links of the table to other pages go to pages and headings that exist', () => {
	const links = [...read('docs/claims.md').matchAll(/\]\(((?:\.\.\/)?[\w./-]+\.md)(?:#([^)]*))?\)/g)];
	expect(links.length).toBeGreaterThan(5);
	const broken = links.filter(([, path, anchor]) => {
		const page = join('docs', path);
		if (!existsSync(join(root, page))) return true;
		const headings = [...read(page).matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => anchorOf(heading));
		return anchor !== undefined && !headings.includes(anchor);
	});
	expect(broken.map(([link]) => link)).toEqual([]);
});

test('a wrong row fails: a file that is not there, a name no test has, a heading README lacks, no host', () => {
	const readme = '# Title\n\n## Errors\n\n### Timeout\n';
	const files: Record<string, string> = {
		'test/a.test.ts':
			"// it('only in a comment')\ndescribe(`a in ${VERSION}`, () => {\n\tit('works', () => {});\n});\n",
	};
	const table = (heading: string, engine: string, real = '—') =>
		`## [${heading}](../README.md#${anchorOf(heading.split(' › ').at(-1)!)})\n\n| Claim | Engine | Real n8n | n8n |\n|---|---|---|---|\n| It works. | ${engine} | ${real} | no |\n`;
	const problems = (markdown: string) => problemsOf(markdown, readme, (file) => files[file]);

	expect(problems(table('Errors › Timeout', '`test/a.test.ts › works`<br>`test/a.test.ts › a in 2.8.4`'))).toEqual([]);
	expect(problems(table('Errors', '`test/b.test.ts › works`'))).toEqual([
		'line 5 (Errors): test/b.test.ts does not exist',
	]);
	expect(problems(table('Errors', '`test/a.test.ts › only in a comment`'))).toEqual([
		'line 5 (Errors): test/a.test.ts has no test "only in a comment"',
	]);
	expect(problems(table('Errors › Retries', '`test/a.test.ts › works`'))).toEqual([
		'line 1: README has no heading "Retries"',
		'README has no heading with the anchor #retries',
	]);
	expect(problems(table('Errors', '—', '`test/e2e/x.test.ts › works`'))).toEqual([
		'line 5 (Errors): test/e2e/x.test.ts › works: "" does not say where it runs',
		'line 5 (Errors): test/e2e/x.test.ts does not exist',
	]);
	expect(problems(table('Errors', '—'))).toEqual([
		'line 5 (Errors): no test; the claim belongs under "Claims without a test"',
	]);
});

test('test names are read as the runner shows them: `.each` tables and type arguments skipped, templates kept', () => {
	const code = [
		"test.each<[string, () => void, RegExp]>([['a (b', () => undefined, /x\\(/]])('finds %s', () => {});",
		'it.each(DELAYS.map((delayMs, round) => ({ round, delayMs })))(',
		"\t'round $round: killed $delayMs ms',",
		');',
		'describe(`n8n ${VERSION}: it\'s`, () => test("the node\'s option", () => {}));',
		"/**\n * it('in a comment')\n */ // test('in a line comment')",
		"expect(/test('not a call')/.test('x'));",
	].join('\n');
	expect(testNamesOf(code)).toEqual([
		'finds %s',
		'round $round: killed $delayMs ms',
		"n8n ${VERSION}: it's",
		"the node's option",
	]);
	expect(names('n8n 2.41.1: it’s', "n8n ${VERSION}: it's")).toBe(false);
	expect(names("n8n 2.41.1: it's", "n8n ${VERSION}: it's")).toBe(true);
});
