import type { SandboxResponse } from '../../context';
import type { ContactLogRecord, RewardAction } from '../../data/clientRecords';
import { DAY, inclusiveEnd, isoAt, parseWhen } from '../../data/dates';
import { takeRecordId } from '../../data/records';
import type { Client, SiteData } from '../../data/types';
import { v6Error, v6Json, v6Page } from '../../v6/answers';
import { sendEmail, type RestCall } from '../call';
import { byId } from '../views';
import { clientNotFound, emitClient, findClient, missing, touch } from './clientAccess';
import type { Fields } from './clientFields';
import { clientV6View } from './clientViews';
import { localStamp } from '../../data/zones';
import { staffV6View } from './staffViews';

/**
 * What staff keep on a client's account: contact logs, formula notes, reward points, direct
 * debit details, documents and photos, and the e-mails sent to the client. A change to a field
 * the client.* events carry (photo, direct debit) emits client.updated.
 */

const maxId = (rows: Array<{ Id: number }>) => rows.reduce((max, row) => Math.max(max, row.Id), 0);

const nextId = (site: SiteData, counter: string, rows: Array<{ Id: number }>) =>
	takeRecordId(site.clientRecords, counter, maxId(rows));

const invalid = (message: string) => v6Error(400, 'InvalidParameter', message);

/** The staff member behind the call's token, if any. */
const callerStaffId = (call: RestCall) => (call.user?.Type === 'Staff' ? call.user.UserId : null);

function clientOf(call: RestCall, clientId: unknown): Client | SandboxResponse {
	if (typeof clientId !== 'string' || !clientId) return missing('ClientId');
	return findClient(call.site, clientId) ?? clientNotFound(clientId);
}

const isClient = (value: Client | SandboxResponse): value is Client => 'ClientId' in value;

// Contact logs.

function staffView(site: SiteData, staffId: number | null) {
	const staff = byId(site.staff, staffId ?? undefined);
	return staff ? staffV6View(site, staff) : null;
}

/** The document gives a contact log's and its comments' CreatedDateTime in local time. */
export function contactLogView(site: SiteData, log: ContactLogRecord) {
	const client = byId(site.clients, log.ClientId);
	const local = (stamp: string) => localStamp(site.settings.TimeZone, Date.parse(stamp));
	return {
		Id: log.Id,
		Text: log.Text,
		CreatedDateTime: local(log.CreatedDateTime),
		FollowupByDate: log.FollowupByDate,
		ContactMethod: log.ContactMethod,
		ContactName: log.ContactName,
		Client: client ? clientV6View(site, client) : null,
		CreatedBy: staffView(site, log.CreatedByStaffId),
		AssignedTo: staffView(site, log.AssignedToStaffId),
		Comments: log.Comments.map((comment) => ({
			Id: comment.Id,
			Text: comment.Text,
			CreatedDateTime: local(comment.CreatedDateTime),
			CreatedBy: staffView(site, comment.CreatedByStaffId),
		})),
		Types: log.Types.flatMap((tag) => {
			const type = byId(site.clientRecords.contactLogTypes, tag.Id);
			if (!type) return [];
			return [
				{
					Id: type.Id,
					Name: type.Name,
					SubTypes: type.SubTypes.filter((sub) => tag.SubTypeIds.includes(sub.Id)).map((sub) => ({ ...sub })),
				},
			];
		}),
	};
}

/** Contact log types as given (Id and subtype ids), checked against the site's types. */
function readTypes(site: SiteData, value: unknown): ContactLogRecord['Types'] | SandboxResponse {
	const tags: ContactLogRecord['Types'] = [];
	for (const [index, entry] of (Array.isArray(value) ? (value as Fields[]) : []).entries()) {
		// A type is named by its Id: an entry without one names none (the document marks nothing required).
		if (entry?.Id === undefined || entry.Id === null) {
			return invalid(`Types[${index}].Id is required: the ID of one of the site's contact log types.`);
		}
		const type = byId(site.clientRecords.contactLogTypes, entry.Id as number);
		if (!type) return invalid(`Contact log type ${String(entry.Id)} does not exist at the site.`);
		const subTypes = Array.isArray(entry.SubTypes) ? (entry.SubTypes as number[]) : [];
		const unknown = subTypes.find((id) => !type.SubTypes.some((sub) => sub.Id === id));
		if (unknown !== undefined) return invalid(`Contact log type ${type.Id} has no subtype ${unknown}.`);
		tags.push({ Id: type.Id, SubTypeIds: subTypes });
	}
	return tags;
}

function readStaff(call: RestCall, staffId: unknown): number | null | SandboxResponse {
	if (staffId === undefined || staffId === null) return null;
	return byId(call.site.staff, staffId as number)
		? (staffId as number)
		: invalid(`Staff member ${String(staffId)} does not exist.`);
}

const dateOrNull = (value: unknown) => (typeof value === 'string' ? isoAt(parseWhen(value)) : null);

/**
 * GET /client/contactlogs: the client's logs, newest first. The dates filter only when given
 * (the document's defaults, today, would hide every older log); system logs only on request.
 */
export function getContactLogs(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const client = clientOf(call, params.str('request.clientId'));
	if (!isClient(client)) return client;
	const start = params.time('request.startDate');
	const end = params.time('request.endDate');
	const staffIds = params.ints('request.staffIds');
	const typeIds = params.ints('request.typeIds');
	const subtypeIds = params.ints('request.subtypeIds');
	const system = params.bool('request.showSystemGenerated') ?? false;
	const rows = site.clientRecords.contactLogs
		.filter((log) => {
			const at = Date.parse(log.CreatedDateTime);
			return (
				log.ClientId === client.Id &&
				(system || !log.SystemGenerated) &&
				(start === undefined || at >= start) &&
				(end === undefined || at <= inclusiveEnd(end)) &&
				(!staffIds || (log.AssignedToStaffId !== null && staffIds.includes(log.AssignedToStaffId))) &&
				(!typeIds || log.Types.some((tag) => typeIds.includes(tag.Id))) &&
				(!subtypeIds || log.Types.some((tag) => tag.SubTypeIds.some((id) => subtypeIds.includes(id))))
			);
		})
		.sort((a, b) => b.CreatedDateTime.localeCompare(a.CreatedDateTime) || b.Id - a.Id);
	return v6Page(
		call,
		'ContactLogs',
		rows.map((log) => contactLogView(site, log)),
	);
}

export function getContactLogTypes(call: RestCall): SandboxResponse {
	const id = call.params.int('request.contactLogTypeId');
	const types = call.site.clientRecords.contactLogTypes.filter((type) => id === undefined || type.Id === id);
	if (id !== undefined && !types.length)
		return v6Error(404, 'ContactLogTypeNotFound', `Contact log type ${id} was not found.`);
	return v6Page(
		call,
		'ContactLogTypes',
		types.map((type) => ({ Id: type.Id, Name: type.Name, SubTypes: type.SubTypes.map((sub) => ({ ...sub })) })),
	);
}

export function addContactLog(call: RestCall): SandboxResponse {
	const { site } = call;
	const body = call.body as Fields;
	const client = clientOf(call, body.ClientId);
	if (!isClient(client)) return client;
	const assigned = readStaff(call, body.AssignedToStaffId);
	if (typeof assigned === 'object' && assigned !== null) return assigned;
	const types = readTypes(site, body.Types);
	if (!Array.isArray(types)) return types;
	const stamp = isoAt(call.now);
	const author = callerStaffId(call);
	const comments = (Array.isArray(body.Comments) ? (body.Comments as unknown[]) : []).filter(
		(text): text is string => typeof text === 'string' && text.trim() !== '',
	);
	const test = body.Test === true;
	const log: ContactLogRecord = {
		Id: test ? 0 : nextId(site, 'contactLogs', site.clientRecords.contactLogs),
		ClientId: client.Id,
		Text: typeof body.Text === 'string' ? body.Text : '',
		CreatedDateTime: stamp,
		FollowupByDate: dateOrNull(body.FollowupByDate),
		ContactMethod: String(body.ContactMethod),
		ContactName: typeof body.ContactName === 'string' ? body.ContactName : `${client.FirstName} ${client.LastName}`,
		CreatedByStaffId: author,
		AssignedToStaffId: assigned as number | null,
		IsComplete: body.IsComplete === true,
		SystemGenerated: false,
		Comments: comments.map((text) => ({
			Id: test
				? 0
				: nextId(
						site,
						'contactLogComments',
						site.clientRecords.contactLogs.flatMap((l) => l.Comments),
					),
			Text: text,
			CreatedDateTime: stamp,
			CreatedByStaffId: author,
		})),
		Types: types,
	};
	if (!test) site.clientRecords.contactLogs.push(log);
	return v6Json(contactLogView(site, log));
}

export function updateContactLog(call: RestCall): SandboxResponse {
	const { site } = call;
	const body = call.body as Fields;
	if (typeof body.Id !== 'number') return missing('Id');
	const existing = byId(site.clientRecords.contactLogs, body.Id);
	if (!existing) return v6Error(404, 'ContactLogNotFound', `Contact log ${body.Id} was not found.`);
	const log: ContactLogRecord = { ...existing, Comments: existing.Comments.map((c) => ({ ...c })) };
	if (body.AssignedToStaffId !== undefined && body.AssignedToStaffId !== null) {
		const assigned = readStaff(call, body.AssignedToStaffId);
		if (typeof assigned === 'object' && assigned !== null) return assigned;
		log.AssignedToStaffId = assigned as number;
	}
	for (const name of ['Text', 'ContactName', 'ContactMethod'] as const) {
		if (typeof body[name] === 'string') log[name] = body[name] as string;
	}
	if (body.FollowupByDate !== undefined) log.FollowupByDate = dateOrNull(body.FollowupByDate);
	if (typeof body.IsComplete === 'boolean') log.IsComplete = body.IsComplete;
	if (Array.isArray(body.Types)) {
		const types = readTypes(site, body.Types);
		if (!Array.isArray(types)) return types;
		log.Types = types;
	}
	for (const comment of Array.isArray(body.Comments) ? (body.Comments as Fields[]) : []) {
		if (typeof comment?.Text !== 'string') continue;
		if (typeof comment.Id === 'number' && comment.Id > 0) {
			const held = log.Comments.find((c) => c.Id === comment.Id);
			if (!held) return invalid(`Contact log ${log.Id} has no comment ${comment.Id}.`);
			held.Text = comment.Text;
		} else {
			log.Comments.push({
				Id:
					body.Test === true
						? 0
						: nextId(
								site,
								'contactLogComments',
								site.clientRecords.contactLogs.flatMap((l) => l.Comments),
							),
				Text: comment.Text,
				CreatedDateTime: isoAt(call.now),
				CreatedByStaffId: callerStaffId(call),
			});
		}
	}
	if (body.Test !== true) Object.assign(existing, log);
	return v6Json(contactLogView(site, log));
}

export function deleteContactLog(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const client = clientOf(call, params.str('request.clientId'));
	if (!isClient(client)) return client;
	const id = params.int('request.contactLogId')!;
	const log = site.clientRecords.contactLogs.find((entry) => entry.Id === id && entry.ClientId === client.Id);
	if (!log) return v6Error(404, 'ContactLogNotFound', `Client ${client.ClientId} has no contact log ${id}.`);
	if (params.bool('request.test') !== true)
		site.clientRecords.contactLogs = site.clientRecords.contactLogs.filter((entry) => entry !== log);
	return v6Json({});
}

// Formula notes.

function formulaNoteView(site: SiteData, note: SiteData['clientRecords']['formulaNotes'][number]) {
	const staff = byId(site.staff, note.StaffId ?? undefined);
	return {
		Id: note.Id,
		ClientId: byId(site.clients, note.ClientId)?.ClientId ?? String(note.ClientId),
		AppointmentId: note.AppointmentId,
		EntryDate: note.EntryDate,
		Note: note.Note,
		SiteId: site.settings.Id,
		SiteName: site.settings.Name,
		StaffFirstName: staff?.FirstName ?? null,
		StaffLastName: staff?.LastName ?? null,
		StaffDisplayName: staff?.DisplayName ?? null,
	};
}

export function getFormulaNotes(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const clientId = params.str('request.clientId');
	const appointmentId = params.int('request.appointmentId');
	if (!clientId && appointmentId === undefined) return missing('request.clientId or request.appointmentId');
	const client = clientId ? findClient(site, clientId) : undefined;
	if (clientId && !client) return clientNotFound(clientId);
	const rows = site.clientRecords.formulaNotes
		.filter(
			(note) =>
				(!client || note.ClientId === client.Id) &&
				(appointmentId === undefined || note.AppointmentId === appointmentId),
		)
		.sort((a, b) => b.EntryDate.localeCompare(a.EntryDate) || b.Id - a.Id);
	return v6Page(
		call,
		'FormulaNotes',
		rows.map((note) => formulaNoteView(site, note)),
	);
}

export function addFormulaNote(call: RestCall): SandboxResponse {
	const { site } = call;
	const body = call.body as Fields;
	const client = clientOf(call, body.ClientId);
	if (!isClient(client)) return client;
	const appointmentId = typeof body.AppointmentId === 'number' ? body.AppointmentId : null;
	if (appointmentId !== null) {
		const appointment = byId(site.appointments, appointmentId);
		if (!appointment || appointment.ClientId !== client.Id)
			return invalid(`Appointment ${appointmentId} is not an appointment of client ${client.ClientId}.`);
	}
	const note = {
		Id: nextId(site, 'formulaNotes', site.clientRecords.formulaNotes),
		ClientId: client.Id,
		AppointmentId: appointmentId,
		EntryDate: isoAt(call.now),
		Note: String(body.Note),
		StaffId: callerStaffId(call),
	};
	site.clientRecords.formulaNotes.push(note);
	touch(client, call.now);
	return v6Json(formulaNoteView(site, note));
}

export function deleteFormulaNote(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const client = clientOf(call, params.str('request.clientId'));
	if (!isClient(client)) return client;
	const id = params.int('request.formulaNoteId')!;
	const note = site.clientRecords.formulaNotes.find((entry) => entry.Id === id && entry.ClientId === client.Id);
	if (!note) return v6Error(404, 'FormulaNoteNotFound', `Client ${client.ClientId} has no formula note ${id}.`);
	site.clientRecords.formulaNotes = site.clientRecords.formulaNotes.filter((entry) => entry !== note);
	touch(client, call.now);
	return { status: 204 };
}

// Rewards.

const REWARD_SOURCES = ['Appointment Booking', 'Class Booking', 'Referral', 'Sale'];

const balanceOf = (site: SiteData, client: Client) =>
	site.clientRecords.rewards.filter((r) => r.ClientId === client.Id).reduce((sum, r) => sum + r.Points, 0);

/** A reward transaction's times are the site's local time (the document says so); the request's ActionDateTime is UTC. */
function rewardView(site: SiteData, reward: SiteData['clientRecords']['rewards'][number]) {
	const local = (stamp: string | null) =>
		stamp === null ? null : localStamp(site.settings.TimeZone, Date.parse(stamp));
	return {
		ActionDateTime: local(reward.ActionDateTime),
		Action: reward.Action,
		Source: reward.Source || null,
		SourceID: reward.SourceId,
		ExpirationDateTime: local(reward.ExpirationDateTime),
		Points: Math.abs(reward.Points),
	};
}

/** GET /client/clientrewards: the balance, and the transactions in the dates when given. */
export function getRewards(call: RestCall): SandboxResponse {
	const { params, site } = call;
	const client = clientOf(call, params.str('request.clientId'));
	if (!isClient(client)) return client;
	const start = params.time('request.startDate');
	const end = params.time('request.endDate');
	const rows = site.clientRecords.rewards
		.filter((reward) => {
			const at = Date.parse(reward.ActionDateTime);
			return (
				reward.ClientId === client.Id &&
				(start === undefined || at >= start) &&
				(end === undefined || at <= inclusiveEnd(end))
			);
		})
		.sort((a, b) => a.ActionDateTime.localeCompare(b.ActionDateTime) || a.Id - b.Id);
	return v6Page(
		call,
		'Transactions',
		rows.map((reward) => rewardView(site, reward)),
		{ Balance: balanceOf(site, client) },
	);
}

/** A Source ID must name a record of the client (the document's validation). */
function sourceProblem(site: SiteData, client: Client, source: string, sourceId: number): string | undefined {
	const found =
		source === 'Appointment Booking'
			? site.appointments.some((a) => a.Id === sourceId && a.ClientId === client.Id)
			: source === 'Class Booking'
				? site.classRecords.visits.some((v) => v.Id === sourceId && v.ClientId === client.Id)
				: source === 'Sale'
					? site.sales.some((s) => s.Id === sourceId && s.ClientId === client.Id)
					: site.clients.some((c) => c.Id === sourceId && c.Id !== client.Id);
	return found ? undefined : `SourceId ${sourceId} is not a ${source} record of client ${client.ClientId}.`;
}

export function updateRewards(call: RestCall): SandboxResponse {
	const { site } = call;
	const body = call.body as Fields;
	const client = clientOf(call, body.ClientId);
	if (!isClient(client)) return client;
	const action = ['Earned', 'Redeemed'].find((a) => a.toLowerCase() === String(body.Action).toLowerCase()) as
		| RewardAction
		| undefined;
	if (!action) return invalid(`Action ${String(body.Action)} must be Earned or Redeemed.`);
	const points = body.Points as number;
	const when = typeof body.ActionDateTime === 'string' ? parseWhen(body.ActionDateTime) : call.now;
	if (when > call.now) return invalid('ActionDateTime may not be in the future.');
	let source = '';
	const sourceId = typeof body.SourceId === 'number' ? body.SourceId : null;
	if (action === 'Earned') {
		source = REWARD_SOURCES.find((s) => s.toLowerCase() === String(body.Source ?? '').toLowerCase()) ?? '';
		if (!source) return invalid(`Source must be one of ${REWARD_SOURCES.join(', ')} when points are earned.`);
		const problem = sourceId === null ? undefined : sourceProblem(site, client, source, sourceId);
		if (problem) return invalid(problem);
	} else if (points > balanceOf(site, client)) {
		return v6Error(
			400,
			'InsufficientPoints',
			`Client ${client.ClientId} holds ${balanceOf(site, client)} points: ${points} cannot be redeemed.`,
		);
	}
	const reward = {
		Id: nextId(site, 'rewards', site.clientRecords.rewards),
		ClientId: client.Id,
		ActionDateTime: isoAt(when),
		Action: action,
		Source: source,
		SourceId: action === 'Earned' ? sourceId : null,
		Points: action === 'Earned' ? points : -points,
		ExpirationDateTime: action === 'Earned' ? isoAt(when + 365 * DAY) : null,
	};
	site.clientRecords.rewards.push(reward);
	// The answer is GetClientRewards' type: a page holding the one transaction made.
	return v6Page(call, 'Transactions', [rewardView(site, reward)], { Balance: balanceOf(site, client) });
}

// Direct debit.

const masked = (number: string) => `${'*'.repeat(Math.max(0, number.length - 4))}${number.slice(-4)}`;

function debitView(entry: SiteData['clientRecords']['directDebit'][number] | undefined) {
	return {
		NameOnAccount: entry?.NameOnAccount ?? null,
		RoutingNumber: entry?.RoutingNumber ?? null,
		AccountNumber: entry ? masked(entry.AccountNumber) : null,
		AccountType: entry?.AccountType ?? null,
	};
}

export function getDirectDebitInfo(call: RestCall): SandboxResponse {
	const client = clientOf(call, call.params.str('clientId'));
	if (!isClient(client)) return client;
	return v6Json(debitView(call.site.clientRecords.directDebit.find((entry) => entry.ClientId === client.Id)));
}

export function addDirectDebitInfo(call: RestCall): SandboxResponse {
	const { site } = call;
	const body = call.body as Fields;
	const client = clientOf(call, body.ClientId);
	if (!isClient(client)) return client;
	const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).trim() : '');
	const entry = {
		ClientId: client.Id,
		NameOnAccount: text('NameOnAccount') || `${client.FirstName} ${client.LastName}`,
		RoutingNumber: text('RoutingNumber'),
		AccountNumber: text('AccountNumber'),
		AccountType: text('AccountType') || 'Checking',
	};
	if (!/^\d{9}$/.test(entry.RoutingNumber)) return invalid('RoutingNumber must be 9 digits.');
	if (!/^\d{4,17}$/.test(entry.AccountNumber)) return invalid('AccountNumber must be 4 to 17 digits.');
	const type = ['Checking', 'Savings'].find((t) => t.toLowerCase() === entry.AccountType.toLowerCase());
	if (!type) return invalid('AccountType must be Checking or Savings.');
	entry.AccountType = type;
	if (body.Test !== true) {
		site.clientRecords.directDebit = [
			...site.clientRecords.directDebit.filter((held) => held.ClientId !== client.Id),
			entry,
		];
		touch(client, call.now);
		emitClient(call, 'client.updated', client);
	}
	return v6Json({ ClientId: client.ClientId, ...debitView(entry) });
}

export function deleteDirectDebitInfo(call: RestCall): SandboxResponse {
	const { site } = call;
	const client = clientOf(call, call.params.str('clientId'));
	if (!isClient(client)) return client;
	const held = site.clientRecords.directDebit.find((entry) => entry.ClientId === client.Id);
	if (!held)
		return v6Error(404, 'DirectDebitInfoNotFound', `Client ${client.ClientId} has no direct debit details on file.`);
	site.clientRecords.directDebit = site.clientRecords.directDebit.filter((entry) => entry !== held);
	touch(client, call.now);
	emitClient(call, 'client.updated', client);
	return v6Json({});
}

// Documents, photos and e-mails.

/** Decoded size of a base64 text, or undefined when it is not base64. */
function base64Size(value: unknown): number | undefined {
	if (typeof value !== 'string') return undefined;
	const text = value.replace(/\s/g, '');
	if (!text || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return undefined;
	return Buffer.from(text, 'base64').length;
}

/** The largest file the sandbox takes (the service's limit is not stated). */
const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

export function uploadDocument(call: RestCall): SandboxResponse {
	const { site } = call;
	const body = call.body as Fields;
	const client = clientOf(call, body.ClientId);
	if (!isClient(client)) return client;
	const file = (body.File ?? {}) as Fields;
	const size = base64Size(file.Buffer);
	if (size === undefined) return invalid('File.Buffer must hold the file as base64.');
	if (size > MAX_UPLOAD_BYTES) return invalid(`The file is larger than ${MAX_UPLOAD_BYTES} bytes.`);
	const document = {
		Id: nextId(site, 'documents', site.clientRecords.documents),
		ClientId: client.Id,
		FileName: String(file.FileName),
		MediaType: String(file.MediaType),
		FileSize: size,
		UploadedAt: isoAt(call.now),
	};
	site.clientRecords.documents.push(document);
	return v6Json({ FileSize: document.FileSize, FileName: document.FileName });
}

export function uploadPhoto(call: RestCall): SandboxResponse {
	const { site } = call;
	const body = call.body as Fields;
	const client = clientOf(call, body.ClientId);
	if (!isClient(client)) return client;
	const size = base64Size(body.Bytes);
	if (size === undefined) return invalid('Bytes must hold the image as base64.');
	if (size > MAX_UPLOAD_BYTES) return invalid(`The image is larger than ${MAX_UPLOAD_BYTES} bytes.`);
	const version = takeRecordId(site.clientRecords, 'photos');
	client.PhotoUrl = `https://sandbox.example/sites/${Math.abs(site.settings.Id)}/clients/${client.Id}/photo-${version}.jpg`;
	touch(client, call.now);
	emitClient(call, 'client.updated', client);
	return v6Json({ ClientId: client.ClientId, PhotoUrl: client.PhotoUrl });
}

const AUTO_EMAILS: Record<string, string> = {
	BusinessWelcomeEmail: 'Welcome to the studio',
	ConsumerWelcomeEmail: 'Welcome: your online account is ready',
};

export function sendAutoEmail(call: RestCall): SandboxResponse {
	const body = call.body as Fields;
	const client = clientOf(call, body.ClientId);
	if (!isClient(client)) return client;
	const type = Object.keys(AUTO_EMAILS).find((name) => name.toLowerCase() === String(body.EmailType).toLowerCase());
	if (!type) return invalid(`EmailType must be one of ${Object.keys(AUTO_EMAILS).join(', ')}.`);
	if (!client.Email) return invalid(`Client ${client.ClientId} has no e-mail address.`);
	sendEmail(call, client.Email, 'client.autoEmail', AUTO_EMAILS[type], { emailType: type, clientId: client.ClientId });
	return v6Json({});
}

export function sendPasswordResetEmail(call: RestCall): SandboxResponse {
	const body = call.body as Fields;
	const same = (a: unknown, b: string) =>
		String(a ?? '')
			.trim()
			.toLowerCase() === b.toLowerCase();
	const client = call.site.clients.find(
		(candidate) =>
			candidate.Email !== '' &&
			same(body.UserEmail, candidate.Email) &&
			same(body.UserFirstName, candidate.FirstName) &&
			same(body.UserLastName, candidate.LastName),
	);
	if (!client) return clientNotFound(body.UserEmail);
	sendEmail(call, client.Email, 'client.passwordReset', 'Reset your password', { clientId: client.ClientId });
	return v6Json({});
}
