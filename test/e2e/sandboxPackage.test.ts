/**
 * The sandbox as a package of its own: `npm pack` of sandbox/ (which builds it), installed from that
 * tarball into an empty folder, started with `npx mindbody-sandbox --port <free port>`, then called
 * with plain fetch using the keys and login it prints. It needs no n8n and no package tarball:
 *   N8N_E2E_TARBALL=- npx jest -c test/e2e/jest.config.js test/e2e/sandboxPackage.test.ts
 */
import { execFileSync, spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import { createServer } from 'net';
import * as os from 'os';
import * as path from 'path';

import { builtinModules } from 'module';

jest.setTimeout(600000);

const ROOT = path.resolve(__dirname, '../..');

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number };
			server.close(() => resolve(port));
		});
	});
}

/** Runs npm; a failure carries what it printed (tsc's errors go to stdout). */
function npm(args: string[], cwd: string): string {
	try {
		return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 300000 });
	} catch (error) {
		const { stdout, stderr } = error as { stdout?: string; stderr?: string };
		throw new Error(`npm ${args.join(' ')} failed:\n${stdout ?? ''}\n${stderr ?? ''}`.slice(0, 6000));
	}
}

/** The bare module names the built files require (node: and built-in modules left out). */
function requiredPackages(dir: string): string[] {
	const names = new Set<string>();
	const walk = (folder: string) => {
		for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
			const file = path.join(folder, entry.name);
			if (entry.isDirectory()) walk(file);
			else if (file.endsWith('.js')) {
				for (const [, name] of fs.readFileSync(file, 'utf8').matchAll(/require\("([^".][^"]*)"\)/g)) {
					const bare = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
					if (!bare.startsWith('node:') && !builtinModules.includes(bare)) names.add(bare);
				}
			}
		}
	};
	walk(dir);
	return [...names].sort();
}

describe('the sandbox package', () => {
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mindbody-sandbox-package-'));
	const app = path.join(work, 'app');
	let runner: ChildProcess | undefined;
	let printed = '';

	afterAll(async () => {
		// Still running when the test failed half-way: its own process group, npx and the sandbox it started.
		if (runner?.pid && runner.exitCode === null && runner.signalCode === null) {
			const exited = new Promise((resolve) => runner!.once('exit', resolve));
			process.kill(-runner.pid, 'SIGTERM');
			await exited;
		}
		fs.rmSync(work, { recursive: true, force: true });
	});

	it('packs, installs from the tarball alone, starts with npx and answers REST calls with the keys it prints', async () => {
		// Packed from a copy: its build in sandbox/dist would be what other tests' `import '../sandbox'`
		// finds meanwhile (package.json "main"). The copy keeps the document layer the sandbox imports (its
		// build bundles it), the tsconfig it extends and this repository's node_modules (tsc, the types).
		const copy = path.join(work, 'repo');
		for (const folder of ['sandbox', 'document']) {
			fs.cpSync(path.join(ROOT, folder), path.join(copy, folder), {
				recursive: true,
				filter: (source) => !['dist', 'node_modules'].includes(path.basename(source)),
			});
		}
		fs.copyFileSync(path.join(ROOT, 'tsconfig.json'), path.join(copy, 'tsconfig.json'));
		fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
		// prepack builds dist/ (this repository's .npmrc, and npx's environment, turn scripts off).
		const packed = JSON.parse(
			npm(['pack', '--json', '--ignore-scripts=false', '--pack-destination', work], path.join(copy, 'sandbox')),
		) as Array<{
			filename: string;
			files: Array<{ path: string }>;
		}>;
		const files = packed[0].files.map((file) => file.path);
		expect(files).toEqual(
			expect.arrayContaining(['package.json', 'README.md', 'dist/sandbox/cli.js', 'dist/sandbox/index.js']),
		);
		// The v6 document's facts and their readers travel inside the package, not beside it.
		expect(files).toEqual(expect.arrayContaining(['dist/document/facts.js', 'dist/document/v6Bodies.js']));
		expect(files.filter((file) => /\.test\.|\.ts$/.test(file) && !file.endsWith('.d.ts'))).toEqual([]);
		expect(files.some((file) => file.startsWith('docs/') && file.endsWith('.png'))).toBe(true);

		fs.mkdirSync(app);
		fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'sandbox-try', private: true }));
		npm(['install', '--no-audit', '--no-fund', '--prefer-offline', path.join(work, packed[0].filename)], app);
		const installed = path.join(app, 'node_modules/mindbody-sandbox');
		const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8'));
		// What the built code requires is what the package declares, nothing borrowed from elsewhere.
		expect(requiredPackages(path.join(installed, 'dist'))).toEqual(Object.keys(manifest.dependencies).sort());

		const port = await freePort();
		runner = spawn('npx', ['--no-install', 'mindbody-sandbox', '--port', String(port)], {
			cwd: app,
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		runner.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
		runner.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
		await new Promise<void>((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${printed}`)), 60000);
			runner!.once('exit', (code) => reject(new Error(`exited ${code}:\n${printed}`)));
			const poll = setInterval(() => {
				if (!printed.includes('Ctrl+C stops it.')) return;
				clearInterval(poll);
				clearTimeout(timer);
				resolve();
			}, 100);
		});

		const base = /REST API base URL\s+(\S+)/.exec(printed)![1];
		expect(base).toBe(`http://127.0.0.1:${port}/public/v6`);
		const apiKey = /^\s+(\S+)\s+source "Sandbox Integration"/m.exec(printed)![1];
		const [, username, password] = /staff \(owner\)\s+(\S+) \/ (\S+)/.exec(printed)!;
		const headers = { 'API-Key': apiKey, SiteId: '-99', 'Content-Type': 'application/json' };

		const sites = await fetch(`${base}/site/sites`, { headers });
		expect(sites.status).toBe(200);
		const siteIds = ((await sites.json()) as { Sites: Array<{ Id: number }> }).Sites.map((site) => site.Id);
		expect(siteIds).toContain(-99);

		const issued = await fetch(`${base}/usertoken/issue`, {
			method: 'POST',
			headers,
			body: JSON.stringify({ Username: username, Password: password }),
		});
		expect(issued.status).toBe(200);
		const { AccessToken } = (await issued.json()) as { AccessToken: string };

		const added = await fetch(`${base}/client/addclient`, {
			method: 'POST',
			headers: { ...headers, Authorization: `Bearer ${AccessToken}` },
			body: JSON.stringify({ FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com' }),
		});
		const addedBody = (await added.json()) as { Client: { Id: string; FirstName: string } };
		expect(added.status).toBe(200);
		expect(addedBody.Client.FirstName).toBe('Ada');

		const found = await fetch(`${base}/client/clients?request.searchText=Lovelace`, {
			headers: { ...headers, Authorization: `Bearer ${AccessToken}` },
		});
		const clients = ((await found.json()) as { Clients: Array<{ Id: string }> }).Clients;
		expect(clients.map((client) => client.Id)).toContain(addedBody.Client.Id);

		const page = await fetch(`http://127.0.0.1:${port}/_sandbox/`);
		expect(page.headers.get('content-type')).toContain('text/html');
		expect(await page.text()).toContain('Mindbody sandbox console');

		const exited = new Promise((resolve) => runner!.once('exit', resolve));
		process.kill(-runner.pid!, 'SIGTERM');
		await exited;
		await expect(fetch(`${base}/site/sites`, { headers })).rejects.toThrow();
	});
});
