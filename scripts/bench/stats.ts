/** Samples, their min and median, ratios between two sides, and targets on those ratios. */

export const min = (values: number[]) => Math.min(...values);

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The value at fraction `p` (0–1) of the sorted samples, nearest rank. */
export function percentile(values: number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

export interface Target {
	/** 'max': the ratio must be at most `value`; 'min': at least. */
	kind: 'max' | 'min';
	value: number;
}

export interface Row {
	job: string;
	ours: string;
	alternative: string;
	unit: string;
	oursValues: number[];
	altValues: number[];
	/** How the ratio reads, e.g. '×' of the alternative's time or 'fewer requests'. */
	ratioNote?: string;
	/** Ratio of medians unless given (e.g. a factor of fewer requests). */
	ratio?: number;
	target?: Target;
}

/** Rounded to two decimals, as printed: the figure shown is the figure checked. */
export const ratioOf = (row: Row) =>
	Math.round((row.ratio ?? median(row.oursValues) / median(row.altValues)) * 100) / 100;

export function meets(row: Row): boolean | undefined {
	if (!row.target) return undefined;
	const ratio = ratioOf(row);
	return row.target.kind === 'max' ? ratio <= row.target.value : ratio >= row.target.value;
}

function number(value: number): string {
	if (!Number.isFinite(value)) return String(value);
	const abs = Math.abs(value);
	const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
	return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

const side = (values: number[], unit: string) =>
	values.length === 1
		? `${number(values[0])} ${values[0] === 1 ? unit.replace(/s$/, '') : unit}`
		: `${number(min(values))} / ${number(median(values))} ${unit}`;

/** A Markdown table: each side as min / median, then the ratio and its target. */
export function table(rows: Row[]): string {
	const lines = [
		'| job | this package | min / median | the alternative | min / median | ratio | target |',
		'|---|---|---|---|---|---|---|',
	];
	for (const row of rows) {
		const ok = meets(row);
		const target = row.target
			? `${row.target.kind === 'max' ? '≤' : '≥'} ${row.target.value} ${ok ? 'ok' : '**missed**'}`
			: '';
		lines.push(
			`| ${row.job} | ${row.ours} | ${side(row.oursValues, row.unit)} | ${row.alternative} | ${side(row.altValues, row.unit)} | ${row.ratioNote ? `${number(ratioOf(row))} ${row.ratioNote}` : `${ratioOf(row).toFixed(2)}×`} | ${target} |`,
		);
	}
	return lines.join('\n');
}
