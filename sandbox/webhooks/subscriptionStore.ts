import { randomUUID } from 'node:crypto';

import { newSignatureKey } from './signature';

/**
 * Subscriptions and their delivery counters. A subscription belongs to a developer account,
 * identified by its source name: every API key of that account sees and changes it.
 */

export type SubscriptionStatus = 'PendingActivation' | 'Active' | 'DeactivatedByUser' | 'DeactivatedByAdmin';

export const isDeactivated = (status: SubscriptionStatus) => status.startsWith('Deactivated');

export interface DeliveryCounters {
	messagesAttempted: number;
	messagesDelivered: number;
	messagesUndelivered: number;
	messagesFailed: number;
}

export interface SubscriptionRecord {
	subscriptionId: string;
	status: SubscriptionStatus;
	subscriptionCreationDateTime: string;
	statusChangeDate: string;
	statusChangeMessage: string | null;
	statusChangeUser: string;
	eventIds: string[];
	eventSchemaVersion: 1;
	/** Null when never given: the spec calls it a string but shows no default. */
	referenceId: string | null;
	webhookUrl: string;
	messageSignatureKey: string;
	ownerSourceName: string;
	counters: DeliveryCounters;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isGuid = (value: string) => GUID.test(value);

/** The public shape, field for field as the Resources table lists it. */
export function subscriptionView(record: SubscriptionRecord, withKey = false) {
	return {
		subscriptionId: record.subscriptionId,
		status: record.status,
		subscriptionCreationDateTime: record.subscriptionCreationDateTime,
		statusChangeDate: record.statusChangeDate,
		statusChangeMessage: record.statusChangeMessage,
		statusChangeUser: record.statusChangeUser,
		eventIds: [...record.eventIds],
		eventSchemaVersion: record.eventSchemaVersion,
		referenceId: record.referenceId,
		webhookUrl: record.webhookUrl,
		...(withKey ? { messageSignatureKey: record.messageSignatureKey } : {}),
	};
}

export function metricsView(record: SubscriptionRecord) {
	return {
		subscriptionId: record.subscriptionId,
		status: record.status,
		statusChangeDate: record.statusChangeDate,
		creationDateTime: record.subscriptionCreationDateTime,
		...record.counters,
	};
}

export interface NewSubscription {
	eventIds: string[];
	referenceId?: string | null;
	webhookUrl: string;
	ownerSourceName: string;
	at: string;
}

export class SubscriptionStore {
	private readonly records = new Map<string, SubscriptionRecord>();

	/** Told of every status change, so pending retries of a deactivated subscription stop. */
	constructor(private readonly onStatusChange: (record: SubscriptionRecord) => void) {}

	create(input: NewSubscription): SubscriptionRecord {
		const record: SubscriptionRecord = {
			subscriptionId: randomUUID(),
			status: 'PendingActivation',
			subscriptionCreationDateTime: input.at,
			statusChangeDate: input.at,
			statusChangeMessage: null,
			statusChangeUser: input.ownerSourceName,
			eventIds: input.eventIds,
			eventSchemaVersion: 1,
			referenceId: input.referenceId ?? null,
			webhookUrl: input.webhookUrl,
			messageSignatureKey: newSignatureKey(),
			ownerSourceName: input.ownerSourceName,
			counters: {
				messagesAttempted: 0,
				messagesDelivered: 0,
				messagesUndelivered: 0,
				messagesFailed: 0,
			},
		};
		this.records.set(record.subscriptionId, record);
		return record;
	}

	get(subscriptionId: string): SubscriptionRecord | undefined {
		return this.records.get(subscriptionId.toLowerCase());
	}

	/** In creation order. */
	all(): SubscriptionRecord[] {
		return [...this.records.values()];
	}

	ownedBy(sourceName: string): SubscriptionRecord[] {
		return this.all().filter((record) => record.ownerSourceName === sourceName);
	}

	setStatus(record: SubscriptionRecord, status: SubscriptionStatus, user: string, message: string, at: string) {
		record.status = status;
		record.statusChangeDate = at;
		record.statusChangeUser = user;
		record.statusChangeMessage = message;
		this.onStatusChange(record);
	}

	clear() {
		this.records.clear();
	}
}
