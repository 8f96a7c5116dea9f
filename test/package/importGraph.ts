import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/** The repository's relative imports, file to file, as TypeScript reads them. */
export const root = path.resolve(__dirname, '../..');
const isFile = (relative: string) => fs.statSync(path.join(root, relative), { throwIfNoEntry: false })?.isFile();

/** Every `.ts` file under a folder, from the repository root. */
export function sourceFiles(dir: string): string[] {
	return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
		const relative = path.join(dir, entry.name);
		// sandbox/dist is the sandbox package's build (npm pack there), not source.
		if (entry.isDirectory()) return relative === path.join('sandbox', 'dist') ? [] : sourceFiles(relative);
		return entry.name.endsWith('.ts') ? [relative] : [];
	});
}

/** The file an import names, from the repository root (`../catalogue` is its `index.ts`). */
function resolveImport(from: string, specifier: string): string {
	const base = path.join(path.dirname(from), specifier);
	const file = [base, `${base}.ts`, path.join(base, 'index.ts')].find(isFile);
	if (!file) throw new Error(`${from} imports ${specifier}, which is no file`);
	return file;
}

/**
 * Each relative import of a file, as the file it names: TypeScript's own reading, so type-only
 * imports, re-exports and `await import(…)` count as well.
 */
function importsOf(file: string): string[] {
	const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(root, file), 'utf8'), true, true);
	const specifiers = new Set(importedFiles.map(({ fileName }) => fileName));
	return [...specifiers]
		.filter((specifier) => specifier.startsWith('.'))
		.map((specifier) => resolveImport(file, specifier));
}

export type Edge = { from: string; to: string };
export const edgesOf = (files: string[]): Edge[] =>
	files.flatMap((from) => importsOf(from).map((to) => ({ from, to })));
