import { operations, resources } from '../nodes/shared/catalogue';

/** README's operation table, from the catalogue (npm run readme:operations writes it). */
export function operationTable(): string {
	const rows = operations.map((op) => {
		const resource = resources.find((r) => r.value === op.resource)?.name ?? op.resource;
		const service = op.service === 'rest' ? 'REST' : 'Webhooks';
		const extras = [
			op.userToken ? 'user token' : '',
			op.paging ? 'Return All / Limit' : '',
			op.body?.batchable ? 'batching' : '',
		]
			.filter(Boolean)
			.join(', ');
		return `| ${resource} | ${op.name} | ${service} | \`${op.method} ${op.path}\` | ${extras} |`;
	});
	return ['| Resource | Operation | Service | Request | Notes |', '|---|---|---|---|---|', ...rows].join('\n');
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
