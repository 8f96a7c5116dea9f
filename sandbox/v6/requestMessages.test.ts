import { operations } from '../reading/operations';
import { useSandbox } from '../test/harness';

const h = useSandbox();

/** Every v6 operation that takes a body, with a path whose parameters are filled with 1. */
const bodied = operations
	.filter((op) => op.service === 'rest' && op.v6 && op.body?.shape)
	.map((op) => ({ op, path: op.path.replace(/\{[^}]+\}/g, '1') }));

/** Words a message shows only when it prints a value the request never had, or an internal name. */
const LEAKS = [/undefined/, /\bnull\b/, /NaN/, / {2}/, / \./];

/** Every Message in an answer, nested ones (Errors lists, outcomes) too. */
const messagesOf = (value: unknown): string[] =>
	Array.isArray(value)
		? value.flatMap(messagesOf)
		: value && typeof value === 'object'
			? Object.entries(value).flatMap(([key, entry]) =>
					key === 'Message' && typeof entry === 'string' ? [entry] : messagesOf(entry),
				)
			: [];

const cases = bodied.flatMap(({ op, path }) =>
	(op.body!.shape!.list ? [[{}], {}] : [{}]).map(
		(body) => [`${op.method} ${path} ${JSON.stringify(body)}`, op, path, body] as const,
	),
);

describe('error messages name what the request lacks', () => {
	it.each(cases)('%s', async (_name, op, path, body) => {
		const answer = await h.call(op.method, path, { token: await h.staffToken(), body });
		// An entry index belongs to a list body only.
		const leaks = [...LEAKS, ...(Array.isArray(body) ? [] : [/\[\d+\]/])];
		const leaked = messagesOf(answer.json).filter((message) => leaks.some((leak) => leak.test(message)));
		expect(leaked).toEqual([]);
	});
});

describe('a body that names no record is told which field to send', () => {
	it.each([
		['POST', '/crossSite/copycreditcard', {}, 'SourceClientId or SourceUniqueClientId is required.'],
		[
			'POST',
			'/crossSite/copycreditcard',
			{ SourceClientId: '100' },
			'TargetClientId or TargetUniqueClientId is required.',
		],
		['POST', '/appointment/addappointmentaddon', {}, 'AppointmentId is required.'],
		['POST', '/sale/updateproductprice', { Price: 1 }, 'BarcodeId is required.'],
		['PUT', '/sale/products', [{ BarcodeId: 'x' }], 'body[0].Price or body[0].OnlinePrice is required.'],
	])('%s %s %j', async (method, path, body, message) => {
		const answer = await h.call(method, path, { token: await h.staffToken(), body });
		expect([answer.status, answer.json.Error]).toEqual([400, { Code: 'MissingRequiredFields', Message: message }]);
	});
});
