import type { ZodTypeAny } from 'zod';

import type * as schemas from './bodies';

/** Export names of the sandbox's body schemas (bodies.ts); rest/bodyModels.ts has a model under each. */
export type SchemaName = {
	[K in keyof typeof schemas]: (typeof schemas)[K] extends ZodTypeAny ? K : never;
}[keyof typeof schemas];
