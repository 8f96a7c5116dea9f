import { REGION_IDS, SITES } from '../data/accounts';
import { takeId } from '../data/generate';
import { isoAt } from '../data/dates';
import type { AutopaySuspension } from '../data/types';
import { json, text, type HandlerTable, type RestCall } from './call';

type Scope = AutopaySuspension['Scope'];

const SCOPES: Record<Scope, { param: string; known: () => number[] }> = {
	Region: { param: 'regionId', known: () => REGION_IDS },
	// A subscriber is a business site.
	Subscriber: { param: 'subscriberId', known: () => SITES.map((site) => site.Id) },
};

const view = (suspension: AutopaySuspension) => ({
	Id: suspension.Id,
	Scope: suspension.Scope,
	[`${suspension.Scope}Id`]: suspension.ScopeId,
	StartDate: suspension.StartDate,
	EndDate: suspension.EndDate,
	Status: suspension.EndDate === null ? 'Suspended' : 'Closed',
});

function target(call: RestCall, scope: Scope) {
	const scopeId = call.params.int(SCOPES[scope].param)!;
	const known = SCOPES[scope].known().includes(scopeId);
	const open = call.site.autopaySuspensions.find(
		(s) => s.Scope === scope && s.ScopeId === scopeId && s.EndDate === null,
	);
	return { scopeId, known, open };
}

/** Suspend opens an open-ended suspension from its start date; one may be open per scope. */
const suspend = (scope: Scope) => (call: RestCall) => {
	const { scopeId, known, open } = target(call, scope);
	if (!known) return text(400, `Unknown ${scope.toLowerCase()} ${scopeId}.`);
	if (open)
		return text(
			400,
			`Autopays of ${scope.toLowerCase()} ${scopeId} are already suspended ` + `(suspension ${open.Id}).`,
		);
	const suspension: AutopaySuspension = {
		Id: takeId(call.site, 'autopaySuspensions'),
		Scope: scope,
		ScopeId: scopeId,
		StartDate: isoAt(call.params.time('startDate')!),
		EndDate: null,
		CreatedDateTime: isoAt(call.now),
	};
	call.site.autopaySuspensions.push(suspension);
	return json(view(suspension));
};

/** Close ends the open suspension at its end date. */
const close = (scope: Scope) => (call: RestCall) => {
	const { scopeId, known, open } = target(call, scope);
	if (!known) return text(400, `Unknown ${scope.toLowerCase()} ${scopeId}.`);
	if (!open) return text(400, `There is no open autopay suspension for ${scope.toLowerCase()} ${scopeId}.`);
	const end = call.params.time('endDate')!;
	if (end < Date.parse(open.StartDate)) return text(400, 'The end date lies before the suspension start date.');
	open.EndDate = isoAt(end);
	return json(view(open));
};

export const autopayHandlers: HandlerTable = {
	'POST /AutoPay/region/{regionId}/covid19/Suspend/startdate/{startDate}': suspend('Region'),
	'POST /AutoPay/region/{regionId}/covid19/close/enddate/{endDate}': close('Region'),
	'POST /AutoPay/subscriber/{subscriberId}/covid19/Suspend/startdate/{startDate}': suspend('Subscriber'),
	'POST /AutoPay/subscriber/{subscriberId}/covid19/close/enddate/{endDate}': close('Subscriber'),
};
