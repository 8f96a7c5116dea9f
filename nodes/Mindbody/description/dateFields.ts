import type { INodeProperties } from 'n8n-workflow';

import { UTC_TIME, saysDateForm, withDateForm } from '../../shared/catalogue/dateWords';

type Option = NonNullable<INodeProperties['options']>[number];

/** A date-time field says what to send; UTC, the zone of most fields, where its words say no other. */
function withForm(field: INodeProperties): INodeProperties {
	const options = field.options?.map((option: Option): Option => {
		if ('values' in option) return { ...option, values: option.values.map(withForm) };
		return 'type' in option ? withForm(option) : option;
	});
	const dated =
		field.type === 'dateTime' && !saysDateForm(field.description)
			? { description: withDateForm(field.description, UTC_TIME) }
			: {};
	return { ...field, ...dated, ...(options ? { options } : {}) };
}

/**
 * Every date-time field of the node, nested ones too, with its form: ISO 8601, and how the
 * operation reads a time written without an offset. A person writing a `$fromAI` description
 * for one (n8n's ✨ button leaves it empty) finds it there.
 */
export const withDateForms = (properties: readonly INodeProperties[]) => properties.map(withForm);
