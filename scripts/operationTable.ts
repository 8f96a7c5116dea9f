import { operations, resources, type Operation } from '../nodes/shared/catalogue';

/** Which document states the operation: the spec's REST or webhook document, or Mindbody's v6 document. */
const documentOf = (op: Operation) => (op.v6 ? 'v6 document' : op.service === 'rest' ? 'REST spec' : 'webhook spec');

/** README's operation table, from the catalogue (npm run readme:operations writes it), by resource. */
export function operationTable(): string {
	const rows = [...resources]
		.sort((a, b) => a.name.localeCompare(b.name))
		.flatMap((resource) =>
			operations
				.filter((op) => op.resource === resource.value)
				.sort((a, b) => a.name.localeCompare(b.name))
				.map((op) => {
					const extras = [
						op.userToken ? 'user token' : '',
						op.paging ? 'Return All / Limit' : '',
						op.body?.batchable ? 'batching' : '',
						op.toolWarning ? 'caution' : '',
					]
						.filter(Boolean)
						.join(', ');
					return `| ${resource.name} | ${op.name} | ${documentOf(op)} | \`${op.method} ${op.path}\` | ${extras} |`;
				}),
		);
	return ['| Resource | Operation | Document | Request | Notes |', '|---|---|---|---|---|', ...rows].join('\n');
}

export const BEGIN = '<!-- operations:begin -->';
export const END = '<!-- operations:end -->';

export function withTable(readme: string): string {
	const start = readme.indexOf(BEGIN);
	const end = readme.indexOf(END);
	if (start < 0 || end < 0) throw new Error('README has no operation table markers');
	return `${readme.slice(0, start + BEGIN.length)}\n${operationTable()}\n${readme.slice(end)}`;
}

if (require.main === module) {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const fs = require('node:fs') as typeof import('node:fs');
	fs.writeFileSync('README.md', withTable(fs.readFileSync('README.md', 'utf8')));
}
