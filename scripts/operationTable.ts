import {
	laterReadsOfTask,
	operationOfTask,
	operations,
	resources,
	tasks,
	type Operation,
} from '../nodes/shared/catalogue';

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

/** README's Front Desk table: each task and the operations whose requests it sends, in order. */
export function taskTable(): string {
	const rows = tasks.map((task) => {
		const sent = [operationOfTask(task), ...Object.values(laterReadsOfTask(task))];
		const named = sent.map(
			(op) => `${resources.find(({ value }) => value === op.resource)?.name ?? op.resource} → ${op.name}`,
		);
		const requests = sent.map((op) => `\`${op.method} ${op.path}\``);
		return `| ${task.name} | ${named.join(', then ')} | ${requests.join(', ')} |`;
	});
	return ['| Task | Sends | Request |', '|---|---|---|', ...rows].join('\n');
}

/** The generated tables of README, each between its markers. */
const TABLES = [
	{ name: 'frontDesk', table: taskTable },
	{ name: 'operations', table: operationTable },
];

export function withTable(readme: string): string {
	return TABLES.reduce((text, { name, table }) => {
		const [begin, end] = [`<!-- ${name}:begin -->`, `<!-- ${name}:end -->`];
		const start = text.indexOf(begin);
		const stop = text.indexOf(end);
		if (start < 0 || stop < 0) throw new Error(`README has no ${name} table markers`);
		return `${text.slice(0, start + begin.length)}\n${table()}\n${text.slice(stop)}`;
	}, readme);
}

if (require.main === module) {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const fs = require('node:fs') as typeof import('node:fs');
	fs.writeFileSync('README.md', withTable(fs.readFileSync('README.md', 'utf8')));
}
