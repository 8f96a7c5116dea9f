import type { IDataObject, IExecuteFunctions, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { CREDENTIAL_NAME } from '../shared/transport';
import { cacheSigningKey, cachedSigningKey, openSigningKey, sealSigningKey } from './signingKey';

/**
 * What the node keeps about its subscription, in its static data, which n8n copies into every
 * stored execution: a few hundred bytes, and the signing key only sealed. A "listen for test
 * event" session gets its own slot (and referenceId), so testing never touches the subscription
 * of the active workflow.
 */
export interface StoredSubscription extends IDataObject {
	subscriptionId: string;
	/** The messageSignatureKey, sealed with the credential's API key (see signingKey.ts). */
	sealedKey?: string;
	/** Where 0.1.0 kept the key in plain text; sealed and removed on first use. */
	messageSignatureKey?: string;
	webhookUrl: string;
	referenceId: string;
}

export type Slot = 'live' | 'test';
type Ctx = IHookFunctions | IWebhookFunctions;

// n8n deletes test webhooks in mode 'internal'; the test slot is then known by its URL.
export function slotOf(ctx: Ctx): Slot {
	if (ctx.getMode?.() === 'manual') return 'test';
	const test = ctx.getWorkflowStaticData('node').test as StoredSubscription | undefined;
	return test && test.webhookUrl === ctx.getNodeWebhookUrl('default') ? 'test' : 'live';
}

export function readStored(ctx: Ctx, slot = slotOf(ctx)): StoredSubscription | undefined {
	const stored = ctx.getWorkflowStaticData('node')[slot] as StoredSubscription | undefined;
	return stored?.subscriptionId ? stored : undefined;
}

export function writeStored(ctx: Ctx, stored: StoredSubscription | undefined): void {
	const data = ctx.getWorkflowStaticData('node');
	const slot = slotOf(ctx);
	if (stored) data[slot] = stored;
	else delete data[slot];
}

/** One key per trigger node and slot, for what this process keeps in memory about it. */
export function processKeyOf(ctx: Ctx | IExecuteFunctions, slot: Slot): string {
	const node = ctx.getNode();
	return `${ctx.getWorkflow().id ?? ''}:${node.id ?? node.name}:${slot}`;
}

async function apiKeyOf(ctx: Ctx): Promise<string> {
	const credentials = await ctx.getCredentials(CREDENTIAL_NAME);
	return String(credentials.apiKey ?? '');
}

/** The record to store for a subscription and its key, the key sealed. */
export async function sealedRecord(
	ctx: Ctx,
	record: { subscriptionId: string; webhookUrl: string; referenceId: string },
	signingKey: string,
): Promise<StoredSubscription> {
	const sealedKey = sealSigningKey(signingKey, await apiKeyOf(ctx));
	cacheSigningKey(sealedKey, signingKey);
	return {
		subscriptionId: record.subscriptionId,
		webhookUrl: record.webhookUrl,
		referenceId: record.referenceId,
		sealedKey,
	};
}

/**
 * The signing key of the stored subscription, or undefined when there is none or it cannot be
 * opened (the credential's API key changed). A key stored in plain text by 0.1.0 is sealed and
 * the record rewritten, without 0.1.0's list of seen messageIds.
 */
export async function signingKeyOf(ctx: Ctx, stored: StoredSubscription): Promise<string | undefined> {
	if (stored.sealedKey) {
		const cached = cachedSigningKey(stored.sealedKey);
		if (cached) return cached;
		const key = openSigningKey(stored.sealedKey, await apiKeyOf(ctx));
		if (key) cacheSigningKey(stored.sealedKey, key);
		return key;
	}
	if (!stored.messageSignatureKey) return undefined;
	const key = stored.messageSignatureKey;
	writeStored(ctx, await sealedRecord(ctx, stored, key));
	return key;
}
