import type { Operation } from '../../shared/catalogue';
import { fieldError, idList } from '../fields/fieldValues';
import type { BodyInput } from './types';

/** The preferences offered in the field; the spec does not list the values. */
const NOTIFICATION_PREFERENCES = ['Email', 'Sms', 'EmailAndSms', 'None'];

/** The catalogue says what the ids name; every id-list operation does (test/catalogue/bodySchemas). */
const idsLabel = (operation: Operation) => (operation.body?.shape ? undefined : operation.body?.idsLabel) ?? 'IDs';

const idsField = (displayName: string, description: string) => ({
	displayName,
	name: 'ids',
	type: 'string' as const,
	typeOptions: { multipleValues: true, multipleValueButtonText: 'Add ID' },
	default: [],
	required: true,
	placeholder: 'e.g. 12345',
	description: `${description}. One ID per entry, or several separated by commas.`,
});

/** The item's IDs by the id rule; an item without any has nothing to send. */
function readIds(ctx: Parameters<BodyInput['read']>[0], i: number, label: string): number[] {
	const ids = idList(ctx, i, label, ctx.getNodeParameter('ids', i), 'int64');
	if (!ids.length) throw fieldError(ctx, i, label, 'is required (at least one ID)');
	return ids;
}

export const int64IdListInput: BodyInput = {
	properties: (operation) => [idsField(idsLabel(operation), operation.description)],
	read: (ctx, i, operation) => readIds(ctx, i, idsLabel(operation)),
};

export const denyMultipleInput: BodyInput = {
	properties: () => [
		idsField('Appointment Request IDs', 'The appointment requests to deny'),
		{
			displayName: 'Notification Preference',
			name: 'notificationPreference',
			type: 'options',
			default: 'Email',
			options: NOTIFICATION_PREFERENCES.map((value) => ({ name: value, value })),
			description:
				'How the consumers hear of the denial. The spec does not list the values: an expression can send any other.',
		},
	],
	read: (ctx, i) => ({
		AppointmentRequestIds: readIds(ctx, i, 'Appointment Request IDs'),
		NotificationPreference: ctx.getNodeParameter('notificationPreference', i),
	}),
};
