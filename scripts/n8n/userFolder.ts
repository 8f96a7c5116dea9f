/**
 * The throwaway user folder n8n runs against, our package installed into it as a community
 * package, and packing a project into the tarball that install takes.
 */
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { withoutNpmVars } from './environment';
import { CLI_TIMEOUT_MS } from './shared';

/** Makes an empty user folder; n8n keeps its sqlite DB, config and community nodes under <dir>/.n8n. */
export function prepareUserFolder(prefix = 'n8n-e2e-'): string {
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
	ensureNodesPackageJson(nodesDir(userFolder));
	return userFolder;
}

const nodesDir = (userFolder: string) => path.join(userFolder, '.n8n', 'nodes');

// Same file n8n's CommunityPackagesService.ensurePackageJson writes.
function ensureNodesPackageJson(dir: string) {
	fs.mkdirSync(dir, { recursive: true });
	const file = path.join(dir, 'package.json');
	if (!fs.existsSync(file)) {
		const pkg = { name: 'installed-nodes', private: true, dependencies: {} };
		fs.writeFileSync(file, JSON.stringify(pkg, null, 2));
	}
}

/**
 * Installs a packed tarball (npm pack output) the way n8n's Community Nodes installer does
 * (CommunityPackagesService.downloadPackage in packages/cli): extract into
 * nodes/node_modules/<name>, drop dev/peer/optional deps, `npm install` there with n8n's flags,
 * then record the dependency in nodes/package.json. Only the `npm pack <name>@<version>` step
 * from the registry is replaced by our local tarball.
 */
export function installCommunityPackage(
	userFolder: string,
	tarballPath: string,
): { name: string; version: string; dir: string } {
	const tarball = path.resolve(tarballPath);
	const pkgJsonText = execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], {
		encoding: 'utf8',
	});
	const { name, version } = JSON.parse(pkgJsonText) as { name: string; version: string };
	const dir = nodesDir(userFolder);
	ensureNodesPackageJson(dir);
	const pkgDir = path.join(dir, 'node_modules', name);
	fs.rmSync(pkgDir, { recursive: true, force: true });
	fs.mkdirSync(pkgDir, { recursive: true });
	execFileSync('tar', ['-xzf', tarball, '-C', pkgDir, '--strip-components=1']);

	const pkgFile = path.join(pkgDir, 'package.json');
	const kept = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as Record<string, unknown>;
	for (const key of ['devDependencies', 'peerDependencies', 'optionalDependencies']) delete kept[key];
	fs.writeFileSync(pkgFile, JSON.stringify(kept, null, 2));

	// n8n's NPM_COMMON_ARGS + NPM_INSTALL_ARGS; n8n adds --registry=<its configured registry>,
	// we leave the registry to the machine's npm config.
	const args = [
		'install',
		'--audit=false',
		'--fund=false',
		'--bin-links=false',
		'--install-strategy=shallow',
		'--ignore-scripts=true',
		'--package-lock=false',
	];
	const res = spawnSync('npm', args, {
		cwd: pkgDir,
		env: withoutNpmVars(process.env),
		encoding: 'utf8',
		timeout: CLI_TIMEOUT_MS,
	});
	if (res.status !== 0) {
		throw new Error(`npm install in ${pkgDir} failed (${res.status ?? res.error}): ${res.stderr}`);
	}

	const nodesPkgFile = path.join(dir, 'package.json');
	const nodesPkg = JSON.parse(fs.readFileSync(nodesPkgFile, 'utf8'));
	nodesPkg.dependencies[name] = version;
	fs.writeFileSync(nodesPkgFile, JSON.stringify(nodesPkg, null, 2));
	return { name, version, dir: pkgDir };
}

/**
 * Packs a project (ours by default) into destDir as `npm pack` would for publishing; returns the
 * tarball path. The project's .npmrc sets ignore-scripts, which also skips `prepack`, so the
 * build runs explicitly first unless `build: false`.
 */
export function packProject({
	projectDir = path.resolve(__dirname, '../..'),
	destDir,
	build = true,
}: { projectDir?: string; destDir?: string; build?: boolean } = {}): string {
	const dest = destDir || fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-pack-'));
	const opts = { cwd: projectDir, env: withoutNpmVars(process.env), timeout: 5 * 60 * 1000 };
	if (build) execFileSync('npm', ['run', 'build'], { ...opts, stdio: ['ignore', process.stderr, process.stderr] });
	const out = execFileSync('npm', ['pack', '--json', '--pack-destination', dest], { ...opts, encoding: 'utf8' });
	return path.join(dest, (JSON.parse(out) as Array<{ filename: string }>)[0].filename);
}
