import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Operation } from '../../shared/catalogue';

/** How one body schema is asked for in the node and read back for an input item. */
export interface BodyInput {
	/** Fields without displayOptions; the caller shows them for the operation. */
	properties(operation: Operation): INodeProperties[];
	/**
	 * The body one input item contributes: for list bodies the item's part of the list
	 * (batching joins the parts of many items), otherwise the whole body.
	 */
	read(ctx: IExecuteFunctions, itemIndex: number, operation: Operation): unknown;
}
