/**
 * Cold load: a fresh Node process (n8n's) requires our four types from the installed package,
 * builds them and serialises their descriptions, as n8n does when it loads and lists nodes;
 * n8n's HubSpot node (both its versions) the same way. What n8n has loaded before any community
 * package (n8n-workflow, lodash, luxon, zod) is loaded first and not timed.
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

import { log, rotate, type BenchContext } from './config';
import type { Row } from './stats';

const PRELOADED = ['n8n-workflow', 'lodash', 'luxon', 'zod'];

// Runs in the child: prints the ms from the first require to the last description serialised.
const SCRIPT = `
const preload = JSON.parse(process.argv[1]);
const targets = JSON.parse(process.argv[2]);
const missing = [];
for (const name of preload) { try { require(name); } catch { missing.push(name); } }
// Timing a package's first load of n8n-workflow would measure n8n's library, not the package.
if (missing.length) { process.stdout.write(JSON.stringify({ missing })); process.exit(0); }
const started = process.hrtime.bigint();
let size = 0;
for (const [file, exported] of targets) {
	const instance = new (require(file)[exported])();
	const versions = instance.nodeVersions ? Object.values(instance.nodeVersions) : [instance];
	for (const version of versions) size += JSON.stringify(version.description ?? { name: version.name, properties: version.properties }).length;
}
const ms = Number(process.hrtime.bigint() - started) / 1e6;
process.stdout.write(JSON.stringify({ ms, size }));
`;

export async function coldLoadJob(ctx: BenchContext): Promise<Row[]> {
	const { n8n, config } = ctx;
	const modules = path.join(n8n.installDir, 'node_modules');
	const dist = path.join(n8n.packageDir, 'dist');
	const sides = {
		ours: [
			[path.join(dist, 'nodes/Mindbody/Mindbody.node.js'), 'Mindbody'],
			[path.join(dist, 'nodes/MindbodyTrigger/MindbodyTrigger.node.js'), 'MindbodyTrigger'],
			[path.join(dist, 'nodes/MindbodyPollTrigger/MindbodyPollTrigger.node.js'), 'MindbodyPollTrigger'],
			[path.join(dist, 'credentials/MindbodyApi.credentials.js'), 'MindbodyApi'],
		],
		hubspot: [[path.join(modules, 'n8n-nodes-base/dist/nodes/Hubspot/Hubspot.node.js'), 'Hubspot']],
	};
	const once = (side: keyof typeof sides) => {
		const out = execFileSync(n8n.nodeBin, ['-e', SCRIPT, JSON.stringify(PRELOADED), JSON.stringify(sides[side])], {
			// The package's n8n-workflow is a peer: it resolves to n8n's own, as inside n8n. From n8n's
			// folder the preloads are n8n's copies too (from here they would be this project's, and each
			// side would time loading n8n's library again).
			cwd: n8n.installDir,
			env: { ...process.env, NODE_PATH: modules },
			encoding: 'utf8',
			timeout: 60_000,
		});
		const result = JSON.parse(out) as { ms: number; size: number; missing?: string[] };
		if (result.missing) throw new Error(`cold load: n8n's ${result.missing.join(', ')} not found under ${modules}`);
		return result;
	};
	const samples = { ours: [] as number[], hubspot: [] as number[] };
	const sizes = { ours: 0, hubspot: 0 };
	log(`cold load: ${config.coldLoads} fresh processes per side`);
	for (let round = 0; round < config.coldLoads; round++) {
		for (const side of rotate<'ours' | 'hubspot'>(['ours', 'hubspot'], round)) {
			const { ms, size } = once(side);
			samples[side].push(ms);
			sizes[side] = size;
		}
	}
	ctx.notes.push(
		`Cold load serialises ${Math.round(sizes.ours / 1024)} KB of descriptions for our four types and ${Math.round(sizes.hubspot / 1024)} KB for HubSpot's node.`,
	);
	return [
		{
			job: 'Cold require + descriptions, fresh process',
			ours: 'Mindbody node, both triggers and credential',
			alternative: "n8n's HubSpot node (v1 and v2)",
			unit: 'ms',
			oursValues: samples.ours,
			altValues: samples.hubspot,
			target: { kind: 'max', value: 1.0 },
		},
	];
}
