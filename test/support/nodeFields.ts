import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

type Entry = INodeProperties | INodePropertyCollection | INodePropertyOptions;
const isProperty = (entry: Entry): entry is INodeProperties => 'type' in entry && 'name' in entry;

/** Every field, nested ones included (collection options, fixed-collection values). */
export function allFields(list: readonly Entry[]): INodeProperties[] {
	return list.flatMap((entry) => {
		const nested = [
			...((entry as INodeProperties).options ?? []),
			...((entry as INodePropertyCollection).values ?? []),
		] as Entry[];
		return [...(isProperty(entry) ? [entry] : []), ...allFields(nested)];
	});
}
