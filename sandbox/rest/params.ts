import type { SandboxRequest } from '../context';
import { parseWhen } from '../data/dates';
import { wallClock } from '../data/zones';
import type { ParamType, SandboxOperation, SandboxParam } from '../reading/operations';

export type ParamValue = number | boolean | string | number[] | string[];

/** Query and path values of one call, parsed and typed from the operation's declarations. */
export class Params {
	constructor(
		private readonly values: Map<string, ParamValue>,
		private readonly rawPath: Map<string, string>,
		/** Date-times as sent, for those read on a site's clock. */
		private readonly dateTexts = new Map<string, string>(),
	) {}

	/** A path segment as sent, e.g. one a query parameter of the same name also gives. */
	pathSegment(name: string): string | undefined {
		return this.rawPath.get(name.toLowerCase());
	}

	has(name: string): boolean {
		return this.values.has(name.toLowerCase());
	}

	int(name: string): number | undefined {
		return this.values.get(name.toLowerCase()) as number | undefined;
	}

	ints(name: string): number[] | undefined {
		return this.values.get(name.toLowerCase()) as number[] | undefined;
	}

	bool(name: string): boolean | undefined {
		return this.values.get(name.toLowerCase()) as boolean | undefined;
	}

	/** Date-times come as epoch ms. */
	time(name: string): number | undefined {
		return this.values.get(name.toLowerCase()) as number | undefined;
	}

	/**
	 * A date-time on a site's wall clock (ms whose UTC fields read its local date and time): text
	 * without an offset is local time as written, text with one the local time of that instant.
	 */
	wallTime(name: string, zone: string): number | undefined {
		const text = this.dateTexts.get(name.toLowerCase());
		if (text === undefined) return undefined;
		return /T.*(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? wallClock(zone, Date.parse(text)) : parseWhen(text);
	}

	str(name: string): string | undefined {
		return this.values.get(name.toLowerCase()) as string | undefined;
	}

	strs(name: string): string[] | undefined {
		return this.values.get(name.toLowerCase()) as string[] | undefined;
	}
}

export type ParamsResult = { ok: true; params: Params } | { ok: false; message: string; missing?: boolean };

const INT32 = { min: -2147483648, max: 2147483647 };
const INT64 = { min: -9223372036854775808n, max: 9223372036854775807n };
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Reads one wire value as its declared type; undefined when it is not one. */
function convert(type: ParamType, raw: string): number | boolean | string | undefined {
	switch (type) {
		case 'int32':
		case 'int64': {
			if (!/^-?\d+$/.test(raw)) return undefined;
			const value = BigInt(raw);
			const range = type === 'int32' ? { min: BigInt(INT32.min), max: BigInt(INT32.max) } : INT64;
			return value < range.min || value > range.max ? undefined : Number(value);
		}
		case 'double':
			return raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : undefined;
		case 'boolean':
			return /^(true|false)$/i.test(raw) ? raw.toLowerCase() === 'true' : undefined;
		case 'dateTime':
		case 'date': {
			const pattern = type === 'date' ? /^\d{4}-\d{2}-\d{2}$/ : ISO_DATE_TIME;
			const when = pattern.test(raw) ? parseWhen(raw) : NaN;
			return Number.isNaN(when) ? undefined : when;
		}
		default:
			return raw;
	}
}

const TYPE_NAMES: Record<ParamType, string> = {
	int32: 'a 32-bit integer',
	int64: 'a 64-bit integer',
	double: 'a number',
	boolean: 'true or false',
	dateTime: 'an ISO 8601 date-time',
	date: 'a date (YYYY-MM-DD)',
	string: 'a string',
};

function decodeSegment(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

/** Values of a path placeholder, by name, from the operation's path template. */
export function pathValues(template: string, path: string): Map<string, string> {
	const values = new Map<string, string>();
	const names = template.split('/');
	const parts = path.replace(/\/$/, '').split('/');
	names.forEach((segment, index) => {
		const placeholder = /^\{(.+)\}$/.exec(segment);
		if (placeholder) values.set(placeholder[1].toLowerCase(), decodeSegment(parts[index] ?? ''));
	});
	return values;
}

/** Query keys are matched case-insensitively, as ASP.NET model binding does. */
function queryValues(query: Record<string, string[]>, name: string): string[] {
	const wanted = name.toLowerCase();
	return Object.entries(query)
		.filter(([key]) => key.toLowerCase() === wanted)
		.flatMap(([, values]) => values)
		.filter((value) => value !== '');
}

function readParam(param: SandboxParam, raw: string[]): { value?: ParamValue; error?: string } {
	const invalid = (value: string) => ({
		error: `The value '${value}' of ${param.name} is not valid: ` + `it must be ${TYPE_NAMES[param.type]}.`,
	});
	if (param.array === 'comma') {
		if (raw.length > 1) return { error: `${param.name} must be one comma-delimited value, not repeated.` };
		const parts = raw[0].split(',').map((part) => part.trim());
		const values = parts.map((part) => convert(param.type, part));
		const bad = values.findIndex((value) => value === undefined);
		return bad >= 0 ? invalid(parts[bad]) : { value: values as number[] };
	}
	if (param.array === 'repeated') {
		const values = raw.map((part) => convert(param.type, part));
		const bad = values.findIndex((value) => value === undefined);
		return bad >= 0 ? invalid(raw[bad]) : { value: values as number[] | string[] };
	}
	if (raw.length > 1) return { error: `${param.name} was given more than once.` };
	const value = convert(param.type, raw[0]);
	return value === undefined ? invalid(raw[0]) : { value };
}

/** Checks every declared parameter: presence of required ones, then each value's type. */
export function parseParams(op: SandboxOperation, req: SandboxRequest): ParamsResult {
	const fromPath = pathValues(op.path, req.path);
	const values = new Map<string, ParamValue>();
	const dateTexts = new Map<string, string>();
	for (const param of op.params) {
		const raw =
			param.location === 'path'
				? [fromPath.get(param.name.toLowerCase()) ?? ''].filter(Boolean)
				: queryValues(req.query, param.name);
		if (!raw.length) {
			if (param.required) return { ok: false, message: `The ${param.name} parameter is required.`, missing: true };
			continue;
		}
		const { value, error } = readParam(param, raw);
		if (error) return { ok: false, message: error };
		// The v6 document states value lists; the business spec's lists only describe.
		if (op.v6 && param.options) {
			const bad = raw.find((entry) => !param.options!.some((option) => option.toLowerCase() === entry.toLowerCase()));
			if (bad !== undefined) {
				return {
					ok: false,
					message: `The value '${bad}' of ${param.name} is not valid: it must be one of ${param.options.join(', ')}.`,
				};
			}
		}
		values.set(param.name.toLowerCase(), value!);
		if ((param.type === 'dateTime' || param.type === 'date') && !param.array) {
			dateTexts.set(param.name.toLowerCase(), raw[0]);
		}
	}
	return { ok: true, params: new Params(values, fromPath, dateTexts) };
}
