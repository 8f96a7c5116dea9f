import { DAY, dateOf, parseWhen } from '../../data/dates';
import { addMonths, type ClientContract, type ClientMembership } from '../../data/saleRecords';
import type { Client, SiteData } from '../../data/types';
import type { SandboxResponse } from '../../context';
import { v6Error, v6Json } from '../../v6/answers';
import { emit, type RestCall } from '../call';
import { byId } from '../views';
import { atMidnight, clientOfParams, findClient, isAnswer, round2, todayOf } from './saleLookups';
import {
	clientContractView,
	clientMembershipView,
	contractView,
	membershipCurrent,
	refreshContract,
	upcomingAutopays,
} from './saleViews';
import { viewPage } from './salePaging';

/**
 * What clients hold under contract: client contracts (read, suspend, terminate, autopay changes)
 * and memberships, with the events webhooks.md ties to them: clientContract.updated for every
 * change (suspension and termination count), clientMembershipAssignment.created / .cancelled.
 */

// ---- events ----

export function emitContractUpdated(call: RestCall, cc: ClientContract): void {
	const client = byId(call.site.clients, cc.ClientId);
	emit(call, 'clientContract.updated', {
		siteId: call.siteId,
		clientUniqueId: cc.ClientId,
		clientContractId: cc.Id,
		clientId: client?.ClientId ?? String(cc.ClientId),
		agreementDateTime: atMidnight(cc.AgreementDate),
		contractStartDateTime: atMidnight(cc.StartDate),
		contractEndDateTime: atMidnight(cc.EndDate),
		isAutoRenewing: cc.IsAutoRenewing,
	});
}

export function emitContractCancelled(call: RestCall, cc: ClientContract): void {
	const client = byId(call.site.clients, cc.ClientId);
	emit(call, 'clientContract.cancelled', {
		siteId: call.siteId,
		clientUniqueId: cc.ClientId,
		clientContractId: cc.Id,
		clientId: client?.ClientId ?? String(cc.ClientId),
	});
}

export function emitMembershipCreated(call: RestCall, membership: ClientMembership, client: Client): void {
	emit(call, 'clientMembershipAssignment.created', {
		siteId: call.siteId,
		clientUniqueId: client.Id,
		membershipId: membership.MembershipId,
		clientId: client.ClientId,
		clientFirstName: client.FirstName,
		clientLastName: client.LastName,
		clientEmail: client.Email,
		membershipName: byId(call.site.saleRecords.memberships, membership.MembershipId)?.Name ?? '',
	});
}

/** Ends a membership now (voided sale, termination) and tells the webhook subscribers. */
export function cancelMembership(call: RestCall, membership: ClientMembership): void {
	if (membership.Status === 'Cancelled') return;
	membership.Status = 'Cancelled';
	const yesterday = dateOf(call.now - DAY);
	if (membership.EndDate > yesterday)
		membership.EndDate = yesterday < membership.StartDate ? membership.StartDate : yesterday;
	const client = byId(call.site.clients, membership.ClientId);
	emit(call, 'clientMembershipAssignment.cancelled', {
		siteId: call.siteId,
		membershipId: membership.MembershipId,
		clientId: client?.ClientId ?? String(membership.ClientId),
	});
}

/** A contract sale was voided: the contract is deleted and its membership removed (Events rule 3). */
export function voidClientContract(call: RestCall, clientContractId: number): void {
	const records = call.site.saleRecords;
	const index = records.clientContracts.findIndex((cc) => cc.Id === clientContractId);
	if (index < 0) return;
	const [cc] = records.clientContracts.splice(index, 1);
	for (const membership of records.clientMemberships.filter((m) => m.ClientContractId === cc.Id)) {
		cancelMembership(call, membership);
		membership.ClientContractId = null;
	}
	emitContractCancelled(call, cc);
}

// ---- cross-regional records ----

/** The same person at other sites of the region (matched by e-mail), for crossRegionalLookup. */
export function regionalTwins(
	call: RestCall,
	client: Client,
): Array<{ siteId: number; site: SiteData; client: Client }> {
	const twins = [];
	for (const [siteId, site] of call.store.sites) {
		if (siteId === call.siteId || site.settings.RegionId !== call.site.settings.RegionId) continue;
		const twin = site.clients.find((other) => other.Email.toLowerCase() === client.Email.toLowerCase());
		if (twin) twins.push({ siteId, site, client: twin });
	}
	return twins;
}

/** This site's records of the client, then (crossRegionalLookup) those of its twins. */
function sitesOf(call: RestCall, client: Client, crossRegional: boolean) {
	const here = [{ siteId: call.siteId, site: call.site, client }];
	return crossRegional ? [...here, ...regionalTwins(call, client)] : here;
}

// ---- reads ----

function clientContracts(call: RestCall): SandboxResponse {
	const client = clientOfParams(call);
	if (isAnswer(client)) return client;
	const today = todayOf(call);
	const rows = sitesOf(call, client, call.params.bool('request.crossRegionalLookup') ?? false).flatMap(
		({ siteId, site, client: holder }) =>
			site.saleRecords.clientContracts
				.filter((cc) => cc.ClientId === holder.Id)
				.map((cc) => clientContractView(site, siteId, cc, today)),
	);
	return viewPage(call, 'Contracts', rows, (row) => row);
}

/** crossRegionalLookup of a memberships read; it cannot go with a location. */
function crossRegionalOf(call: RestCall): boolean | SandboxResponse {
	const crossRegional = call.params.bool('request.crossRegionalLookup') ?? false;
	if (crossRegional && call.params.has('request.locationId')) {
		return v6Error(
			400,
			'InvalidParameter',
			'request.locationId cannot be sent when request.crossRegionalLookup is true.',
		);
	}
	return crossRegional;
}

/** The client's current memberships here, then (crossRegional) at the region's other sites. */
function currentMemberships(call: RestCall, client: Client, crossRegional: boolean): unknown[] {
	const today = todayOf(call);
	return sitesOf(call, client, crossRegional).flatMap(({ siteId, site, client: holder }) =>
		site.saleRecords.clientMemberships
			.filter((m) => m.ClientId === holder.Id && membershipCurrent(m, today))
			.map((m) => clientMembershipView(site, siteId, m, holder, today)),
	);
}

function activeMemberships(call: RestCall): SandboxResponse {
	const crossRegional = crossRegionalOf(call);
	if (typeof crossRegional !== 'boolean') return crossRegional;
	const client = clientOfParams(call);
	if (isAnswer(client)) return client;
	return viewPage(call, 'ClientMemberships', currentMemberships(call, client, crossRegional), (row) => row);
}

function activeMembershipsOfClients(call: RestCall): SandboxResponse {
	const crossRegional = crossRegionalOf(call);
	if (typeof crossRegional !== 'boolean') return crossRegional;
	const rows = (call.params.strs('request.clientIds') ?? []).map((clientId) => {
		const client = findClient(call.site, clientId);
		if (!client) return { ClientId: clientId, Memberships: [], ErrorMessage: `Client ${clientId} was not found.` };
		return {
			ClientId: client.ClientId,
			Memberships: currentMemberships(call, client, crossRegional),
			ErrorMessage: null,
		};
	});
	return viewPage(call, 'ClientMemberships', rows, (row) => row);
}

// ---- changes ----

interface ContractRef {
	ClientId?: string;
	ClientContractId?: number;
}

/** The client contract a body names; when it names the client, the contract must be theirs. */
function contractOfBody(call: RestCall, body: ContractRef): ClientContract | SandboxResponse {
	if (body.ClientContractId === undefined || body.ClientContractId === null) {
		return v6Error(400, 'MissingRequiredFields', 'ClientContractId is required.');
	}
	const cc = byId(call.site.saleRecords.clientContracts, body.ClientContractId);
	if (!cc) return v6Error(404, 'ClientContractNotFound', `Client contract ${body.ClientContractId} was not found.`);
	if (body.ClientId !== undefined && body.ClientId !== null) {
		const client = findClient(call.site, body.ClientId);
		if (!client) return v6Error(404, 'ClientNotFound', `Client ${body.ClientId} was not found.`);
		if (client.Id !== cc.ClientId && client.Id !== cc.PayerClientId) {
			return v6Error(
				400,
				'InvalidClientContract',
				`Client contract ${cc.Id} does not belong to client ${body.ClientId}.`,
			);
		}
	}
	return refreshContract(cc, todayOf(call));
}

/** Suspension presets of the business (SuspensionType fills Duration and DurationUnit). */
const SUSPENSION_TYPES: Record<string, { duration: number; unit: number }> = {
	vacation: { duration: 14, unit: 1 },
	illness: { duration: 1, unit: 3 },
	injury: { duration: 1, unit: 3 },
};

/** DurationUnit: 1 days, 2 weeks, 3 months (0 or absent: days). */
function suspensionEnd(start: string, duration: number, unit: number): string {
	if (unit === 3) return dateOf(Date.parse(`${addMonths(start, duration)}T00:00:00Z`) - DAY);
	const days = unit === 2 ? duration * 7 : duration;
	return dateOf(Date.parse(`${start}T00:00:00Z`) + (days - 1) * DAY);
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1;

function suspend(call: RestCall): SandboxResponse {
	const body = call.body as ContractRef & {
		SuspensionType?: string;
		SuspensionStart?: string;
		Duration?: number;
		DurationUnit?: number;
		OpenEnded?: boolean;
		SuspensionNotes?: string;
		SuspensionFee?: number;
	};
	const cc = contractOfBody(call, body);
	if (isAnswer(cc)) return cc;
	const today = todayOf(call);
	if (cc.Status === 'Terminated') return v6Error(400, 'ContractTerminated', `Client contract ${cc.Id} is terminated.`);
	const start = body.SuspensionStart ? dateOf(parseWhen(body.SuspensionStart)) : today;
	// A past SuspensionStart is taken: the document sets no bound before today (sandbox/README.md).
	if (start > cc.EndDate) return v6Error(400, 'InvalidSuspensionStart', 'SuspensionStart is after the contract ends.');
	const preset = body.SuspensionType ? SUSPENSION_TYPES[body.SuspensionType.toLowerCase()] : undefined;
	if (body.SuspensionType && !preset) {
		return v6Error(
			400,
			'InvalidSuspensionType',
			`SuspensionType must be one of ${Object.keys(SUSPENSION_TYPES)
				.map((name) => name[0].toUpperCase() + name.slice(1))
				.join(', ')}.`,
		);
	}
	let end: string | null = null;
	if (!body.OpenEnded) {
		const duration = body.Duration ?? preset?.duration;
		const unit = body.DurationUnit ?? preset?.unit ?? 1;
		if (!duration || duration < 1) {
			return v6Error(400, 'MissingRequiredFields', 'Duration (at least 1) is required unless OpenEnded is true.');
		}
		if (![0, 1, 2, 3].includes(unit))
			return v6Error(400, 'InvalidParameter', 'DurationUnit must be 1 (days), 2 (weeks) or 3 (months).');
		end = suspensionEnd(start, duration, unit);
	}
	const overlapping = (cc.Suspensions ?? []).some(
		(s) => (s.End === null || start <= s.End) && (end === null || s.Start <= end),
	);
	if (overlapping)
		return v6Error(400, 'ContractAlreadySuspended', `Client contract ${cc.Id} is already suspended then.`);
	(cc.Suspensions ??= []).push({
		Start: start,
		End: end,
		Type: body.SuspensionType ?? null,
		Notes: body.SuspensionNotes ?? null,
		Fee: body.SuspensionFee === undefined ? null : round2(body.SuspensionFee),
	});
	// The contract runs as much longer as it is suspended.
	if (end !== null) {
		cc.EndDate = dateOf(Date.parse(`${cc.EndDate}T00:00:00Z`) + daysBetween(start, end) * DAY);
	}
	refreshContract(cc, today);
	emitContractUpdated(call, cc);
	return v6Json({ Contract: clientContractView(call.site, call.siteId, cc, today) });
}

function terminate(call: RestCall): SandboxResponse {
	const body = call.body as ContractRef & {
		TerminationDate: string;
		TerminationCode?: string;
		TerminationComments?: string;
	};
	const cc = contractOfBody(call, body);
	if (isAnswer(cc)) return cc;
	const today = todayOf(call);
	if (cc.Status === 'Terminated' || cc.TerminationDate) {
		return v6Error(400, 'ContractAlreadyTerminated', `Client contract ${cc.Id} is already terminated.`);
	}
	const date = dateOf(parseWhen(body.TerminationDate));
	if (date < cc.StartDate)
		return v6Error(400, 'InvalidTerminationDate', 'TerminationDate is before the contract starts.');
	// A past TerminationDate (not before the start) is taken: the document sets no bound before today.
	cc.TerminationDate = date;
	cc.TerminationCode = body.TerminationCode ?? null;
	if (date < cc.EndDate) cc.EndDate = date;
	refreshContract(cc, today);
	for (const membership of call.site.saleRecords.clientMemberships.filter((m) => m.ClientContractId === cc.Id)) {
		if (membership.EndDate > date) membership.EndDate = date;
		if (date <= today) cancelMembership(call, membership);
	}
	emitContractUpdated(call, cc);
	return v6Json({ Contract: clientContractView(call.site, call.siteId, cc, today) });
}

function updateAutopays(call: RestCall): SandboxResponse {
	const body = call.body as {
		ClientContractId?: number;
		AutopayStartDate?: string;
		AutopayEndDate?: string;
		ProductId?: number;
		ReplaceWithProductId?: number;
		Amount?: number;
		OverwriteAllProductIDs?: boolean;
	};
	const cc = contractOfBody(call, body);
	if (isAnswer(cc)) return cc;
	const today = todayOf(call);
	if (cc.Status === 'Terminated') return v6Error(400, 'ContractTerminated', `Client contract ${cc.Id} is terminated.`);
	const contract = byId(call.site.saleRecords.contracts, cc.ContractId)!;
	const options = call.site.saleRecords.pricingOptions;
	const products = contract.PricingOptionIds.map((id) => byId(options, id)?.ProductId);
	if (body.ProductId !== undefined && !body.OverwriteAllProductIDs && !products.includes(body.ProductId)) {
		return v6Error(
			400,
			'InvalidProductId',
			`Product ${body.ProductId} is not an autopay item of client contract ${cc.Id}.`,
		);
	}
	const replacement = body.ReplaceWithProductId;
	if (replacement !== undefined && !options.some((option) => option.ProductId === replacement)) {
		return v6Error(400, 'InvalidProductId', `ReplaceWithProductId ${replacement} is not a pricing option.`);
	}
	if (body.Amount !== undefined && body.Amount < 0)
		return v6Error(400, 'InvalidParameter', 'Amount must not be negative.');
	if (body.Amount === undefined && replacement === undefined) {
		return v6Error(400, 'MissingRequiredFields', 'Send Amount or ReplaceWithProductId.');
	}
	const from = body.AutopayStartDate ? dateOf(parseWhen(body.AutopayStartDate)) : today;
	const to = body.AutopayEndDate ? dateOf(parseWhen(body.AutopayEndDate)) : null;
	if (to !== null && to < from) return v6Error(400, 'InvalidParameter', 'AutopayEndDate is before AutopayStartDate.');
	const amount =
		body.Amount ?? (replacement !== undefined ? options.find((o) => o.ProductId === replacement)!.Price : null);
	(cc.AutopayChanges ??= []).push({
		From: from,
		To: to,
		Amount: amount === null ? null : round2(amount),
		ProductId: replacement ?? body.ProductId ?? null,
	});
	emitContractUpdated(call, cc);
	const next = upcomingAutopays(call.site, cc, today)[0];
	const view = contractView(call.site, contract);
	return v6Json({
		...view,
		RecurringPaymentAmountSubtotal: next?.ChargeAmount ?? view.RecurringPaymentAmountSubtotal,
		RecurringPaymentAmountTotal: next?.ChargeAmount ?? view.RecurringPaymentAmountTotal,
	});
}

export const contractClientHandlers = {
	GetActiveClientMemberships: activeMemberships,
	GetActiveClientsMemberships: activeMembershipsOfClients,
	GetClientContracts: clientContracts,
	SuspendContract: suspend,
	TerminateContract: terminate,
	UpdateClientContractAutopays: updateAutopays,
};
