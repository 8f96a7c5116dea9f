import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

import { ESLint, type Linter } from 'eslint';
import glob from 'fast-glob';

import { checkPackage } from './packageCheck';
import { PUBLISH_FIELDS_RULES } from './publishCheck';

/**
 * n8n's verification scan, offline: the analysis of @n8n/scan-community-package run on the sources
 * and on the packed tarball, as `npx @n8n/scan-community-package <name>` does once a package is on
 * the registry (that command fetches by name), plus checkPackage on the tarball's files and a load
 * of the tarball by n8n-core's package loader.
 * Exits 1 on any finding, warnings included (the scanner itself passes a package on warnings).
 * The one exception: package.json's homepage and author email are the maintainer's to fill in;
 * they are listed here and enforced by scripts/publishCheck.ts when `npm publish` runs.
 *   npm run scan [-- --no-build]
 */

interface ScanResult {
	passed: boolean;
	message?: string;
	details?: string;
}

interface Scanner {
	SOURCE_FILE_PATTERNS: string[];
	analyzePackage(dir: string, patterns?: string[]): Promise<ScanResult>;
	buildScanConfig(): Promise<Linter.Config[]>;
}

interface Finding {
	file: string;
	line: number;
	rule: string;
	message: string;
	severity: 'error' | 'warning';
}

/** Each message of the scanner's lint, set up exactly as its analyzePackage sets it up. */
async function findings(scanner: Scanner, dir: string, patterns: string[]): Promise<Finding[]> {
	const eslint = new ESLint({
		cwd: dir,
		allowInlineConfig: false,
		overrideConfigFile: true,
		overrideConfig: await scanner.buildScanConfig(),
	});
	const files = glob.sync(patterns, {
		cwd: dir,
		absolute: true,
		ignore: ['node_modules/**', '**/package-lock.json'],
	});
	const results = await eslint.lintFiles(files);
	return results.flatMap((result) =>
		result.messages.map((message) => ({
			file: relative(dir, result.filePath),
			line: message.line,
			rule: message.ruleId ?? '(parser)',
			message: message.message,
			severity: message.severity === 2 ? ('error' as const) : ('warning' as const),
		})),
	);
}

/** One leg: the scanner's verdict, and every finding of its lint. */
async function scanLeg(scanner: Scanner, name: string, dir: string, patterns: string[]) {
	const verdict = await scanner.analyzePackage(dir, patterns);
	const all = await findings(scanner, dir, patterns);
	const awaiting = all.filter(
		(finding) => finding.file === 'package.json' && PUBLISH_FIELDS_RULES.includes(finding.rule),
	);
	const blocking = all.filter((finding) => !awaiting.includes(finding));
	// The scanner failing while its own lint, replayed, has no error would mean this replay drifted.
	if (!verdict.passed && !all.some((finding) => finding.severity === 'error')) {
		blocking.push({ file: '.', line: 0, rule: 'scanner', message: verdict.message ?? 'failed', severity: 'error' });
	}
	return { name, verdict, blocking, awaiting };
}

const show = (finding: Finding) =>
	`  ${finding.file}:${finding.line}  ${finding.severity}  ${finding.message}  [${finding.rule}]`;

const ROOT = resolve(__dirname, '..');

/** Packs the project as `npm publish` would (after a build) and unpacks it; returns its folder. */
function packAndUnpack(work: string, build: boolean): string {
	const run = (command: string, args: string[]) =>
		execFileSync(command, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
	if (build) run('npm', ['run', '--silent', 'build']);
	const [{ filename }] = JSON.parse(
		run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work]),
	) as Array<{ filename: string }>;
	const dir = join(work, 'package');
	mkdirSync(dir);
	execFileSync('tar', ['-xzf', join(work, filename), '-C', dir, '--strip-components=1']);
	return dir;
}

/**
 * Loads the unpacked package with n8n's own loader (n8n-core), as n8n loads a community package, and
 * returns what is wrong: a node or credential it does not find, or a node without the categories
 * of its codex file (n8n drops an unreadable codex silently).
 */
async function loadInN8n(work: string, packageDir: string): Promise<string[]> {
	// The package's peer, n8n-workflow, resolves from beside it as in n8n's nodes folder.
	symlinkSync(join(ROOT, 'node_modules'), join(work, 'node_modules'));
	process.env.N8N_USER_FOLDER = join(work, 'n8n');
	const { PackageDirectoryLoader } = await import('n8n-core');
	const loader = new PackageDirectoryLoader(packageDir);
	await loader.loadAll();
	const problems: string[] = [];
	const pkg = loader.packageJson as { n8n: { nodes: string[]; credentials: string[] } };
	if (loader.types.nodes.length !== pkg.n8n.nodes.length) {
		problems.push(`n8n loaded ${loader.types.nodes.length} of ${pkg.n8n.nodes.length} nodes`);
	}
	if (loader.types.credentials.length !== pkg.n8n.credentials.length) {
		problems.push(`n8n loaded ${loader.types.credentials.length} of ${pkg.n8n.credentials.length} credentials`);
	}
	for (const node of loader.types.nodes) {
		if (!node.codex?.categories?.length) problems.push(`n8n read no codex categories for ${node.name}`);
	}
	return problems;
}

async function main(): Promise<number> {
	// The scanner is an ES module with no exports map; its analysis is what its CLI runs.
	const scanner = (await import('@n8n/scan-community-package/scanner/scanner.mjs')) as unknown as Scanner;
	const work = mkdtempSync(join(tmpdir(), 'n8n-scan-'));
	try {
		const packageDir = packAndUnpack(work, !process.argv.includes('--no-build'));
		const legs = [
			await scanLeg(scanner, 'sources', ROOT, scanner.SOURCE_FILE_PATTERNS),
			await scanLeg(scanner, 'tarball', packageDir, ['**/*.js', 'package.json']),
		];
		let failed = false;
		for (const leg of legs) {
			const scannerWord = leg.verdict.passed ? 'passes' : `fails (${leg.verdict.message})`;
			console.log(`${leg.name}: the scanner ${scannerWord}; ${leg.blocking.length} finding(s)`);
			leg.blocking.forEach((finding) => console.log(show(finding)));
			if (leg.awaiting.length) {
				console.log(`  for the maintainer to fill in before publishing (npm publish refuses until then):`);
				leg.awaiting.forEach((finding) => console.log(show(finding)));
			}
			failed ||= leg.blocking.length > 0;
		}
		const contents = [...checkPackage(packageDir), ...(await loadInN8n(work, packageDir))];
		console.log(`tarball contents: ${contents.length} problem(s)`);
		contents.forEach((line) => console.log(`  ${line}`));
		failed ||= contents.length > 0;
		console.log(failed ? 'scan: FAILED' : 'scan: passed');
		return failed ? 1 : 0;
	} finally {
		rmSync(work, { recursive: true, force: true });
	}
}

main().then(
	(code) => process.exit(code),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
