import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Run by `prepack`. On `npm publish` it refuses to go on until package.json names the project's
 * homepage, repository and an author email: values only the maintainer can give, which n8n's
 * verification requires (the scanner flags the first and last). Packing alone (`npm pack`, the
 * end-to-end suite) is not held up.
 */

/** The scanner's rules that the fields below satisfy (see scripts/scan.ts). */
export const PUBLISH_FIELDS_RULES = ['@n8n/community-nodes/require-homepage', '@n8n/community-nodes/valid-author'];

interface PublishFields {
	homepage?: unknown;
	repository?: unknown;
	author?: unknown;
}

const isUrl = (value: unknown) => typeof value === 'string' && /^https:\/\/\S+\.\S+/.test(value);

/** What is missing before the package can be published; empty when it is ready. */
export function publishProblems(pkg: PublishFields): string[] {
	const problems: string[] = [];
	if (!isUrl(pkg.homepage)) problems.push('"homepage": the project\'s https URL (where its README lives)');
	const repository = pkg.repository as { url?: unknown } | string | undefined;
	const repositoryUrl = typeof repository === 'string' ? repository : repository?.url;
	if (typeof repositoryUrl !== 'string' || !/^(git\+)?https:\/\/\S+\.\S+/.test(repositoryUrl)) {
		problems.push('"repository": { "type": "git", "url": "git+https://…" } of the public repository');
	}
	const author = pkg.author as { email?: unknown } | string | undefined;
	const email = typeof author === 'string' ? /<([^>]+)>/.exec(author)?.[1] : author?.email;
	if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || /\.invalid$/i.test(email)) {
		problems.push('"author": { "email": … } a maintainer\'s address');
	}
	return problems;
}

if (require.main === module && process.env.npm_command === 'publish') {
	const pkg = JSON.parse(readFileSync(resolve(__dirname, '..', 'package.json'), 'utf8')) as PublishFields;
	const problems = publishProblems(pkg);
	if (problems.length) {
		console.error(
			['Not published: package.json needs', ...problems.map((line) => `  - ${line}`), 'See docs/releasing.md.'].join(
				'\n',
			),
		);
		process.exit(1);
	}
}
