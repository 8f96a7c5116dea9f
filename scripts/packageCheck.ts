import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Checks of an unpacked package (what `npm pack` ships) that n8n's scanner does not make: every
 * file it names is in it (nodes, credentials, codex files, icons, source maps, README images), and
 * each node has a codex file n8n can place in its panel.
 */

/** The categories n8n's own nodes use in their codex files (n8n-nodes-base 2.8). */
export const N8N_CATEGORIES = [
	'Analytics',
	'Communication',
	'Core Nodes',
	'Data & Storage',
	'Developer Tools',
	'Development',
	'Finance & Accounting',
	'HITL',
	'Marketing',
	'Miscellaneous',
	'Productivity',
	'Sales',
	'Utility',
];

interface PackageJson {
	name: string;
	main?: string;
	dependencies?: Record<string, string>;
	n8n?: { nodes?: string[]; credentials?: string[] };
}

interface Codex {
	node?: unknown;
	categories?: unknown;
	alias?: unknown;
	resources?: { primaryDocumentation?: Array<{ url?: unknown }>; credentialDocumentation?: Array<{ url?: unknown }> };
}

function filesUnder(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		return statSync(path).isDirectory() ? filesUnder(path) : [path];
	});
}

/** Every problem found in the unpacked package at `dir`, as readable lines; none means it passed. */
export function checkPackage(dir: string): string[] {
	const problems: string[] = [];
	const at = (path: string) => relative(dir, path) || '.';
	const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;

	if (pkg.main !== undefined && !existsSync(resolve(dir, pkg.main))) {
		problems.push(`package.json: main names ${pkg.main}, which is not in the package`);
	}
	if (pkg.dependencies && Object.keys(pkg.dependencies).length) {
		problems.push(`package.json: runtime dependencies ${Object.keys(pkg.dependencies).join(', ')}`);
	}
	const nodes = pkg.n8n?.nodes ?? [];
	if (!nodes.length) problems.push('package.json: n8n.nodes lists no node');
	for (const file of [...nodes, ...(pkg.n8n?.credentials ?? [])]) {
		if (!existsSync(join(dir, file))) problems.push(`package.json: n8n lists ${file}, which is not in the package`);
	}

	for (const file of nodes) {
		const codexFile = join(dir, `${file}on`);
		if (!existsSync(codexFile)) {
			problems.push(`${file}: no codex file ${file}on`);
			continue;
		}
		const codex = JSON.parse(readFileSync(codexFile, 'utf8')) as Codex;
		const label = at(codexFile);
		if (typeof codex.node !== 'string' || !codex.node.startsWith(`${pkg.name}.`)) {
			problems.push(`${label}: node must be "${pkg.name}.<node name>", is ${JSON.stringify(codex.node)}`);
		}
		const categories = Array.isArray(codex.categories) ? codex.categories : [];
		if (!categories.length) problems.push(`${label}: no categories`);
		for (const category of categories) {
			if (!N8N_CATEGORIES.includes(category as string))
				problems.push(`${label}: unknown category ${JSON.stringify(category)}`);
		}
		if (!Array.isArray(codex.alias) || !codex.alias.length) problems.push(`${label}: no aliases`);
		const links = [
			...(codex.resources?.primaryDocumentation ?? []),
			...(codex.resources?.credentialDocumentation ?? []),
		];
		if (!codex.resources?.primaryDocumentation?.length) problems.push(`${label}: no primary documentation link`);
		for (const { url } of links) {
			if (typeof url !== 'string' || !/^https:\/\//.test(url))
				problems.push(`${label}: documentation link ${JSON.stringify(url)} is not an https URL`);
		}
	}

	const files = filesUnder(dir);
	const named = new Set<string>();
	for (const file of files) {
		const label = at(file);
		if (file.endsWith('.js')) {
			const text = readFileSync(file, 'utf8');
			// A data file the code loads (the node's stored fields) is named by its require.
			for (const [, target] of text.matchAll(/require\(["'](\.[^"']+\.json)["']\)/g)) {
				named.add(resolve(dirname(file), target));
			}
			for (const [, target] of text.matchAll(/'file:([^']+)'/g)) {
				named.add(resolve(dirname(file), target));
				if (!existsSync(resolve(dirname(file), target)))
					problems.push(`${label}: file:${target} is not in the package`);
			}
			const map = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(text)?.[1];
			if (map && !map.startsWith('data:') && !existsSync(resolve(dirname(file), map))) {
				problems.push(`${label}: source map ${map} is not in the package`);
			}
		}
		if (file.endsWith('.map')) {
			const { sources = [], sourceRoot = '' } = JSON.parse(readFileSync(file, 'utf8')) as {
				sources?: string[];
				sourceRoot?: string;
			};
			for (const source of sources) {
				if (!existsSync(resolve(dirname(file), sourceRoot, source)))
					problems.push(`${label}: points at ${source}, which is not in the package`);
			}
		}
		if (/\.md$/i.test(file)) {
			const text = readFileSync(file, 'utf8');
			for (const [, target] of text.matchAll(/!\[[^\]]*\]\(([^)\s]+)[^)]*\)/g)) {
				if (/^[a-z]+:/i.test(target)) continue;
				if (!existsSync(resolve(dirname(file), target)))
					problems.push(`${label}: image ${target} is not in the package`);
			}
		}
	}
	// n8n-node build copies every .png and .svg of the repository into dist: ship only those named.
	for (const file of files) {
		const path = at(file);
		if (!path.startsWith('dist/') || /\.(js|node\.json)$/.test(path) || named.has(file)) continue;
		problems.push(`${path}: shipped, but nothing in the package names it`);
	}
	return problems;
}
