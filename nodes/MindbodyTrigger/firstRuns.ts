import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { checkEnvelope, checkEventData, findEvent } from '../shared/events/eventCatalogue';
import { firstOfEachRecord, recordProcessed } from '../shared/processedRecord';
import { seenMessagesOf } from './seenMessages';
import { processKeyOf } from './storedState';

/**
 * The trigger's step inside the execution that a delivery started. The webhook call already
 * let each messageId through once for this process; what it cannot know is what ran before n8n
 * restarted, or in another process. n8n's database-backed record of processed items (execute
 * contexts only) answers that, asked one call at a time per node (`recordProcessed`): ids it
 * already holds are dropped here, so later nodes do not run for them. Beside a Webhook Safety Net, a
 * record made (a client added, a sale, a booking: recordKeys.ts) is also checked in the workflow's
 * shared record, where the net records what it read from the REST lists: whichever trigger passes
 * it on first runs it. Then each event is shaped into the item the user asked for.
 */

/** How many messageIds the database record keeps for a trigger node (newest kept). */
export const RECORDED_MAX = 2000;

const messageIdOf = (item: INodeExecutionData) =>
	typeof item.json.messageId === 'string' ? item.json.messageId : undefined;

async function notRunBefore(ctx: IExecuteFunctions, items: INodeExecutionData[]) {
	// A test event ("listen for test event") always shows.
	if (ctx.getMode() === 'manual') return items;
	// n8n's Retry of an execution that failed or crashed before this step had finished (n8n then
	// runs it again with the events the execution holds): the run being retried recorded their ids
	// before it stopped, so the record would drop them all and the events would be lost (the
	// service does not resend what n8n acknowledged). A retry runs them, and they stay recorded.
	const retry = ctx.getMode() === 'retry';
	const ids = [...new Set(items.map(messageIdOf).filter((id): id is string => id !== undefined))];
	if (!ids.length || typeof ctx.helpers.checkProcessedAndRecord !== 'function') return items;
	const processKey = processKeyOf(ctx, 'live');
	let processed: Set<string>;
	try {
		processed = await recordProcessed(ctx, processKey, ids, RECORDED_MAX);
	} catch (error) {
		// A second run is better than a lost event, which the service will not send again.
		ctx.logger.warn(`Mindbody Trigger could not check its record of processed events: ${(error as Error).message}`);
		return items;
	}
	seenMessagesOf(processKey).confirm(ids);
	if (retry) return items;
	const fresh = items.filter((item) => !processed.has(messageIdOf(item) ?? ''));
	return besideSafetyNet(ctx) ? await firstOfEachRecord(ctx, fresh, 'Mindbody Trigger') : fresh;
}

/**
 * Whether a Webhook Safety Net (the poll trigger's event) feeds a node this trigger feeds: then the
 * two pass each record made once between them. Elsewhere the trigger keeps to messageIds alone.
 */
function besideSafetyNet(ctx: IExecuteFunctions): boolean {
	if (typeof ctx.getChildNodes !== 'function' || typeof ctx.getParentNodes !== 'function') return false;
	const self = ctx.getNode().name;
	return ctx
		.getChildNodes(self)
		.some((child) =>
			ctx
				.getParentNodes(child.name, { includeNodeParameters: true })
				.some(
					(parent) =>
						parent.name !== self &&
						!parent.disabled &&
						/(^|\.)mindbodyPollTrigger$/.test(parent.type) &&
						parent.parameters?.event === 'webhookSafetyNet',
				),
		);
}

/** Tolerant: a payload that breaks its schema is emitted all the same, with the problems. */
function problemsOf(event: IDataObject): string[] {
	const problems = checkEnvelope(event).problems;
	const eventId = String(event.eventId ?? '');
	if (findEvent(eventId)) {
		const found = checkEventData(eventId, event.eventData).problems;
		problems.push(...found.map((p) => (p.startsWith('eventData') ? p : `eventData.${p}`)));
	}
	return problems;
}

function shaped(event: IDataObject, eventDataOnly: boolean, problems: string[]): IDataObject {
	const data = (typeof event.eventData === 'object' && event.eventData ? event.eventData : {}) as IDataObject;
	const { messageId, eventId, eventSchemaVersion, eventInstanceOriginationDateTime, transactionKey, ...rest } = event;
	delete rest.eventData;
	const json: IDataObject = eventDataOnly
		? { ...data }
		: {
				messageId,
				eventId,
				eventSchemaVersion,
				eventInstanceOriginationDateTime,
				...(transactionKey !== undefined ? { transactionKey } : {}),
				eventData: data,
				// Fields the spec does not list are kept, after the known ones.
				...rest,
			};
	if (problems.length) json.schemaWarnings = problems;
	return json;
}

export async function firstRunsOnly(ctx: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	const eventDataOnly = options.eventDataOnly === true;
	const items = ctx.getInputData().map((item, index) => ({ ...item, pairedItem: { item: index } }));
	return (await notRunBefore(ctx, items)).map((item) => {
		const problems = problemsOf(item.json);
		if (problems.length) {
			ctx.logger.warn(`Mindbody event ${String(item.json.eventId)} breaks its schema: ${problems.join('; ')}`);
		}
		return { json: shaped(item.json, eventDataOnly, problems), pairedItem: item.pairedItem };
	});
}
