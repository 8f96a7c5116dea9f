import type { IDataObject } from 'n8n-workflow';

import type { EntryHooks, Operation, Task } from '../../shared/catalogue';
import { clientSummary } from './clientSummary';
import { warnOfEndedClass } from './endedClass';
import { checkPickedBooking, checkPickedFor } from './pickedFor';
import { checkPickedOwner } from './pickedOwner';
import type { NodeRun } from './send';
import { nameSoldItems } from './soldItems';
import { checkSoldWhere, onlinePriceNote } from './soldWhere';
import { noteEmptyInputs } from './taskNotices';

/**
 * The hooks an operation or a Front Desk task names (`hooks` in the catalogue), each by its name:
 * the node's pipeline (build, check, send, shape) runs them where the entry says.
 */

/** What a hook of an item is given: the run, the item, what it sends and, for a task, the task. */
export interface ItemStep {
	run: NodeRun;
	itemIndex: number;
	operation: Operation;
	task?: Task;
}

type Instead = (step: ItemStep) => Promise<IDataObject[]>;
/** A check before sending, given the body the item would send. */
type Before = (step: ItemStep & { task: Task }, body: unknown) => Promise<void>;
type Answer = (step: ItemStep, sentBody: unknown, answer: unknown) => Promise<unknown>;
type After = (step: ItemStep, items: IDataObject[]) => IDataObject[];
type Failed = (step: ItemStep, error: unknown) => unknown;

const INSTEAD: Record<NonNullable<EntryHooks['instead']>, Instead> = {
	clientSummary: async ({ run, itemIndex, operation }) => await clientSummary(run, itemIndex, operation),
};

const BEFORE: Record<NonNullable<EntryHooks['before']>[number], Before> = {
	pickedOwner: async ({ run, itemIndex, task }) => await checkPickedOwner(run, itemIndex, task),
	pickedFor: async ({ run, itemIndex, task }) => await checkPickedFor(run, itemIndex, task),
	pickedBooking: async ({ run, itemIndex, task }) => await checkPickedBooking(run, itemIndex, task),
	soldWhere: async ({ run, itemIndex, task }, body) => await checkSoldWhere(run, itemIndex, task, body),
};

const ANSWER: Record<NonNullable<EntryHooks['answer']>, Answer> = {
	soldItemNames: async ({ run, itemIndex }, sentBody, answer) => await nameSoldItems(run, itemIndex, sentBody, answer),
};

const AFTER: Record<NonNullable<EntryHooks['after']>[number], After> = {
	endedClassWarning: ({ run, itemIndex }, items) => warnOfEndedClass(run.ctx, itemIndex, items),
	emptyInputNotices: ({ run, itemIndex, operation, task }, items) => {
		if (task) noteEmptyInputs(run.ctx, itemIndex, task, operation);
		return items;
	},
};

const FAILED: Record<NonNullable<EntryHooks['failed']>, Failed> = {
	onlinePriceNote: ({ run, itemIndex, task }, error) => onlinePriceNote(run, itemIndex, task, error),
};

/** An item's hooks: the operation's, then its task's. */
export interface ItemHooks {
	instead?: Instead;
	before: Before[];
	answer: Answer[];
	after: After[];
	failed: Failed[];
}

export function hooksOf(operation: Operation, task?: Task): ItemHooks {
	const entries = [operation.hooks, task?.hooks].filter((hooks): hooks is EntryHooks => hooks !== undefined);
	const instead = entries.map((hooks) => hooks.instead).find((name) => name !== undefined);
	return {
		instead: instead && INSTEAD[instead],
		before: entries.flatMap((hooks) => (hooks.before ?? []).map((name) => BEFORE[name])),
		answer: entries.flatMap((hooks) => (hooks.answer ? [ANSWER[hooks.answer]] : [])),
		after: entries.flatMap((hooks) => (hooks.after ?? []).map((name) => AFTER[name])),
		failed: entries.flatMap((hooks) => (hooks.failed ? [FAILED[hooks.failed]] : [])),
	};
}
