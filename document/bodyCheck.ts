import type { ZodError, ZodIssue, ZodTypeAny } from 'zod';

/** `Appointments[0].Id` for a path like ['Appointments', 0, 'Id']. */
export function issuePath(path: Array<string | number>, root = 'body'): string {
	return (
		path.reduce<string>(
			(text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${key}` : key),
			path.length && typeof path[0] === 'number' ? root : '',
		) || root
	);
}

/** One readable line per problem, each naming the field. */
export function describeIssues(error: ZodError, root = 'body'): string {
	return error.issues.map((issue: ZodIssue) => `${issuePath(issue.path, root)}: ${issue.message}`).join('; ');
}

export type BodyCheck = { ok: true; value: unknown } | { ok: false; message: string; issues: ZodIssue[] };

/** A body against its schema: the parsed value, or every problem named by its field. */
export function checkBody(schema: ZodTypeAny, body: unknown, root = 'body'): BodyCheck {
	const result = schema.safeParse(body);
	if (result.success) return { ok: true, value: result.data };
	return { ok: false, message: describeIssues(result.error, root), issues: result.error.issues };
}
