import type { IExecuteFunctions } from 'n8n-workflow';

import type { Operation, Task } from '../../shared/catalogue';
import { inputPlaces, taskInputPlace } from '../bodies/inputPlaces';
import { locatorValue } from '../fields/fieldValues';

/**
 * After a task's request went through: for each input of its `whenEmpty` left empty, the editor
 * says (an execution hint) which default the service applied in its place.
 */
export function noteEmptyInputs(ctx: IExecuteFunctions, itemIndex: number, task: Task, operation: Operation): void {
	const places = inputPlaces(operation);
	for (const [input, notice] of Object.entries(task.whenEmpty ?? {})) {
		const place = taskInputPlace(task, places, input);
		// The task's fields are read through its view: an input shown on top is read at the top.
		const value = locatorValue(ctx.getNodeParameter(place.name, itemIndex, ''));
		if (value !== undefined && value !== null && String(value).trim() !== '') continue;
		ctx.addExecutionHints({ message: `Item ${itemIndex + 1}: ${notice}`, location: 'outputPane' });
	}
}
