import { takeId } from '../data/generate';
import { isoAt, parseWhen } from '../data/dates';
import type { PromoCode } from '../data/types';
import { json, text, type HandlerTable, type RestCall } from './call';
import { page, type PageResult } from './paging';

const ORDER: Record<string, (a: PromoCode, b: PromoCode) => number> = {
	name: (a, b) => a.Name.localeCompare(b.Name),
	creationdate: (a, b) => a.CreationDate.localeCompare(b.CreationDate),
	activationdate: (a, b) => a.ActivationDate.localeCompare(b.ActivationDate),
	id: (a, b) => a.Id - b.Id,
};

const isLive = (code: PromoCode, now: number) =>
	code.Active &&
	Date.parse(code.ActivationDate) <= now &&
	(code.ExpirationDate === null || now <= Date.parse(code.ExpirationDate));

function list(call: RestCall) {
	const { params } = call;
	const orderBy = params.str('request.orderBy') ?? 'Id';
	const order = ORDER[orderBy.toLowerCase()];
	if (!order)
		return text(400, `request.orderBy must be one of Name, CreationDate, ActivationDate, Id; not '${orderBy}'.`);
	const ids = params.ints('request.ids');
	const from = params.time('request.startDate');
	const to = params.time('request.endDate');
	const codes = call.site.promoCodes.filter((code) => {
		const activation = Date.parse(code.ActivationDate);
		return (
			(!params.bool('request.activeOnly') || isLive(code, call.now)) &&
			(!params.bool('request.onlineOnly') || code.AllowOnline) &&
			(!ids || ids.includes(code.Id)) &&
			(from === undefined || activation >= from) &&
			(to === undefined || activation <= to)
		);
	});
	const paged: PageResult<PromoCode> = page(call, [...codes].sort(order));
	return 'error' in paged ? paged.error : json(paged.rows.map((code) => ({ ...code })));
}

/** Date fields arrive as any ISO form; they are stored in the service's format. */
function normalise(fields: Partial<PromoCode>): Partial<PromoCode> | string {
	const copy = { ...fields };
	for (const field of ['ActivationDate', 'ExpirationDate'] as const) {
		if (!copy[field]) continue;
		const when = parseWhen(copy[field]);
		if (Number.isNaN(when)) return `${field} '${copy[field]}' is not a date-time.`;
		copy[field] = isoAt(when);
	}
	return copy;
}

function codeTaken(call: RestCall, code: string | undefined, exceptId?: number) {
	return (
		code !== undefined &&
		call.site.promoCodes.some((p) => p.Id !== exceptId && p.Code.toLowerCase() === code.toLowerCase())
	);
}

/** Fields the spec does not list may be missing: the sandbox fills what its records need. */
function create(call: RestCall) {
	const fields = normalise(call.body as Partial<PromoCode>);
	if (typeof fields === 'string') return text(400, fields);
	if (codeTaken(call, fields.Code)) return text(400, `A promo code with the code ${fields.Code} already exists.`);
	const stamp = isoAt(call.now);
	const Id = takeId(call.site, 'promoCodes');
	const Code = fields.Code ?? `PROMO${Id}`;
	const code: PromoCode = {
		Active: true,
		ActivationDate: stamp,
		ExpirationDate: null,
		MaxUses: null,
		DaysAfterCloseDate: null,
		AllowOnline: false,
		...fields,
		Name: fields.Name ?? Code,
		Code,
		Discount: { Type: 'Percent', Amount: 0, ...fields.Discount } as PromoCode['Discount'],
		Id,
		NumberOfUses: 0,
		CreationDate: stamp,
		LastModifiedDateTime: stamp,
	};
	call.site.promoCodes.push(code);
	return json({ ...code }, 201);
}

/** Only the fields given change. */
function update(call: RestCall) {
	const id = call.params.int('id')!;
	const code = call.site.promoCodes.find((p) => p.Id === id);
	if (!code) return text(404, `Promo code ${id} was not found.`);
	const fields = normalise(call.body as Partial<PromoCode>);
	if (typeof fields === 'string') return text(400, fields);
	if (codeTaken(call, fields.Code, id)) return text(400, `A promo code with the code ${fields.Code} already exists.`);
	// Ids, creation time and use count belong to the service.
	delete fields.Id;
	delete fields.CreationDate;
	delete fields.NumberOfUses;
	Object.assign(code, fields, { LastModifiedDateTime: isoAt(call.now) });
	return json({ ...code });
}

export const promoCodeHandlers: HandlerTable = {
	'GET /Business/PromoCodes': list,
	'POST /Business/PromoCodes': create,
	'PUT /Business/PromoCodes/{id}': update,
};
