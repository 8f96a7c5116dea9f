/**
 * The build's own step, after `n8n-node build` (npm run build runs both).
 *
 * `n8n-node build` empties dist/, compiles nodes/ and credentials/ with tsc and copies every
 * .png and .svg outside dist/ and node_modules/ (so the icons). What it does not copy is each
 * node's codex file (`*.node.json`: its categories, search aliases and documentation links),
 * which n8n reads from beside the node's JavaScript. build:codex copies those, byte for byte, as
 * n8n's starter copied icons with gulp.
 *
 * The tasks are plain functions in gulp's format, using only Node: `gulp build:codex` runs them
 * where gulp is installed, `node gulpfile.js build:codex` everywhere else (the build uses that, so
 * the package needs no gulp and its dependency tree).
 */
const fs = require('node:fs');
const path = require('node:path');

/** Every codex file under nodes/, as paths relative to `root`. */
function codexFiles(root) {
	const nodes = path.join(root, 'nodes');
	return fs
		.readdirSync(nodes, { recursive: true })
		.map(String)
		.filter((file) => file.endsWith('.node.json'))
		.map((file) => path.join('nodes', file))
		.sort();
}

/** Copies nodes/<Node>/<Node>.node.json to dist/nodes/<Node>/ for every node; returns what it copied. */
function copyCodex(root) {
	const copied = codexFiles(root);
	for (const file of copied) {
		const target = path.join(root, 'dist', file);
		fs.mkdirSync(path.dirname(target), { recursive: true });
		fs.copyFileSync(path.join(root, file), target);
	}
	return copied;
}

async function buildCodex() {
	const copied = copyCodex(__dirname);
	if (!copied.length) throw new Error('build:codex: no codex file (nodes/**/*.node.json) found');
	process.stdout.write(`build:codex: copied ${copied.join(', ')} into dist/\n`);
}
buildCodex.description = "Copies each node's codex file (*.node.json) into dist/ beside its JavaScript";

exports['build:codex'] = buildCodex;
exports.default = buildCodex;

// Without gulp: `node gulpfile.js <task>`.
if (require.main === module) {
	const name = process.argv[2] || 'default';
	const run = exports[name];
	if (typeof run !== 'function') {
		process.stderr.write(`gulpfile.js: no task "${name}" (tasks: ${Object.keys(exports).join(', ')})\n`);
		process.exit(1);
	}
	run().catch((error) => {
		process.stderr.write(`${error.message}\n`);
		process.exit(1);
	});
}
