import type { Operation } from '../../shared/catalogue';
import { NOTIFICATION_PREFERENCES } from '../../shared/schemas';
import { integerList } from '../actions/values';
import type { BodyInput } from './types';

const ID_LABELS: Record<string, string> = {
	appointmentAddOn: 'Add-On IDs',
	appointmentRequest: 'Appointment Request IDs',
};
const idsLabel = (operation: Operation) => ID_LABELS[operation.resource] ?? 'Appointment IDs';

const idsField = (displayName: string, description: string) => ({
	displayName,
	name: 'ids',
	type: 'string' as const,
	typeOptions: { multipleValues: true, multipleValueButtonText: 'Add ID' },
	default: [],
	required: true,
	description: `${description}. One ID per entry, or several separated by commas.`,
});

export const int64IdList: BodyInput = {
	properties: (operation) => [idsField(idsLabel(operation), operation.description)],
	read: (ctx, i, operation) =>
		integerList(ctx, i, idsLabel(operation), ctx.getNodeParameter('ids', i)),
};

export const denyMultiple: BodyInput = {
	properties: () => [
		idsField('Appointment Request IDs', 'The appointment requests to deny'),
		{
			displayName: 'Notification Preference',
			name: 'notificationPreference',
			type: 'options',
			default: 'Email',
			options: NOTIFICATION_PREFERENCES.map((value) => ({ name: value, value })),
			description: 'How the consumers hear of the denial',
		},
	],
	read: (ctx, i) => ({
		AppointmentRequestIds: integerList(ctx, i, 'Appointment Request IDs', ctx.getNodeParameter('ids', i)),
		NotificationPreference: ctx.getNodeParameter('notificationPreference', i),
	}),
};
