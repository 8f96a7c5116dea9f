import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import {
	WORKFLOW_RECORD_MAX,
	firstOfEachRecord,
	forgetProcessed,
	recordKeyOfItem,
	recordProcessed,
	workflowRecordKey,
} from '../shared/processedRecord';
import { OUTAGE_EVENT } from './webhookSafetyNet';

/**
 * The Webhook Safety Net's part of its run's first step. Each record made passes once per
 * workflow, whether the Mindbody Trigger's delivery or the net's reading came first; what the net
 * passes on is also marked as the net's (`net:`), so the outage report can say how much of what
 * it passed meanwhile the webhook had not delivered: what was recovered.
 */

const WHO = 'Mindbody Webhook Safety Net';

const netMark = (key: string) => `net:${key}`;

/** The report's list of what the net passed during the outage, as [record key, time]. */
function passedOf(json: IDataObject): Array<[string, string]> {
	const data = (json.eventData ?? {}) as IDataObject;
	const list = Array.isArray(data.passedDuringOutage) ? data.passedDuringOutage : [];
	return list.map((entry) => String(entry).split(' ', 2) as [string, string]).filter(([key]) => key);
}

/** Fills the report in: what was recovered, by event, and the span of times it was made in. */
async function completeReport(ctx: IExecuteFunctions, report: INodeExecutionData): Promise<IDataObject | null> {
	const passed = passedOf(report.json);
	const marks = [...new Set(passed.map(([key]) => netMark(key)))];
	let recovered = new Set<string>();
	if (marks.length) {
		try {
			// Asking the record records what it lacked: those are taken out again.
			const held = await recordProcessed(ctx, workflowRecordKey(ctx), marks, WORKFLOW_RECORD_MAX, 'workflow');
			const lacked = marks.filter((mark) => !held.has(mark));
			if (lacked.length) await forgetProcessed(ctx, workflowRecordKey(ctx), lacked, WORKFLOW_RECORD_MAX, 'workflow');
			recovered = held;
		} catch (error) {
			ctx.logger.warn(`${WHO} could not count what it recovered: ${(error as Error).message}`);
		}
	}
	const mine = passed.filter(([key]) => recovered.has(netMark(key)));
	const byEvent: IDataObject = {};
	for (const [key] of mine) {
		const eventId = key.split(':')[1];
		byEvent[eventId] = Number(byEvent[eventId] ?? 0) + 1;
	}
	const times = mine
		.map(([, at]) => at)
		.filter(Boolean)
		.sort();
	const data = { ...((report.json.eventData ?? {}) as IDataObject) };
	delete data.passedDuringOutage;
	Object.assign(data, {
		eventsRecovered: mine.length,
		recoveredByEvent: byEvent,
		...(times.length ? { firstRecoveredMadeAt: times[0], lastRecoveredMadeAt: times[times.length - 1] } : {}),
	});
	// Nothing lost and nothing done: deliveries failed for a moment and the service's resends made them.
	if (!mine.length && !data.deliveriesAbandoned && !data.subscriptionReactivated) return null;
	ctx.logger.warn(
		`${WHO}: webhook deliveries failed from ${String(data.noticedFrom)} to ${String(data.resolvedAt)}; ` +
			`${String(data.deliveriesAbandoned)} events dropped by Mindbody, ${mine.length} recovered from the REST API`,
	);
	return { ...report.json, eventData: data };
}

/**
 * The items the net's run passes on, in their input order (for pairedItem), and the report's
 * completed json in place of its own.
 */
export async function netRunOnce(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<{ items: INodeExecutionData[]; replaced: Map<INodeExecutionData, IDataObject> }> {
	const reports = items.filter((item) => item.json.eventId === OUTAGE_EVENT);
	const records = items.filter((item) => item.json.eventId !== OUTAGE_EVENT);
	const passed = ctx.getMode() === 'retry' ? records : await firstOfEachRecord(ctx, records, WHO);
	const marks = passed
		.map(recordKeyOfItem)
		.filter((key): key is string => key !== undefined)
		.map(netMark);
	if (marks.length) {
		await recordProcessed(ctx, workflowRecordKey(ctx), marks, WORKFLOW_RECORD_MAX, 'workflow').catch((error: Error) =>
			ctx.logger.warn(`${WHO} could not mark what it passed on: ${error.message}`),
		);
		ctx.logger.warn(`${WHO} passed on ${marks.length} events the Mindbody Trigger had not delivered`);
	}
	const replaced = new Map<INodeExecutionData, IDataObject>();
	for (const report of reports) {
		const json = await completeReport(ctx, report);
		if (json) replaced.set(report, json);
	}
	return { items: items.filter((item) => passed.includes(item) || replaced.has(item)), replaced };
}
