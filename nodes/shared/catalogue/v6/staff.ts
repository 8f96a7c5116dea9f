import { LISTS } from '../listSources';
import type { FieldWords, Operation } from '../types';
import { V6_OPERATIONS as V6 } from '../../../../document/facts';
import { fromDocument } from './fromDocument';

/** Words for the fields of a staff member's record, shared by Create and Update. */
const STAFF_FIELDS: Record<string, FieldWords> = {
	Bio: { displayName: 'Biography', description: 'The text about the staff member shown to clients; may contain HTML' },
	Address: { displayName: 'Address Line 1' },
	Address2: { displayName: 'Address Line 2' },
	ClassAssistant2: { displayName: 'Class Assistant 2' },
	EmploymentStart: { displayName: 'Employment Start Date' },
	EmploymentEnd: { displayName: 'Employment End Date' },
	SortOrder: { description: "The staff member's place when staff are sorted, if the business sets one" },
	ProviderIDs: {
		displayName: 'Provider IDs',
		description: 'Provider numbers of the staff member, for insurance billing (one number in the US)',
	},
	Notes: { description: 'Private notes on the staff member, not shown to clients' },
	EmpID: { displayName: 'Employee ID', description: "The business's own ID for the staff member" },
};

/** The v6 document's Staff operations. */
export const staffOperations: Operation[] = [
	fromDocument(V6.GetStaffImageURL, {
		resource: 'staff',
		operation: 'getImageUrl',
		name: 'Get Image URL',
		action: 'Get image links of staff member',
		description: "Returns the web addresses of a staff member's photo, in full size and for mobile",
		params: { 'request.staffId': { listSource: LISTS.staff } },
	}),
	fromDocument(V6.GetSalesReps, {
		resource: 'staff',
		operation: 'getSalesReps',
		name: 'Get Sales Reps',
		action: 'Get sales reps',
		description: 'Returns the staff members who act as sales reps, with their sales rep numbers',
		params: {
			'request.activeOnly': { description: 'Whether to return only active sales reps' },
			'request.salesRepNumbers': {
				description: 'Only reps holding one of these sales rep numbers (the sales rep roles of the business)',
			},
		},
	}),
	fromDocument(V6.GetStaffSessionTypes, {
		resource: 'staff',
		operation: 'getSessionTypes',
		name: 'Get Session Types',
		action: 'Get session types of staff member',
		description: 'Returns the session types a staff member gives, with their length and pay rate',
		serves: LISTS.staffSessionTypes,
		params: {
			'request.staffId': { listSource: LISTS.staff },
			'request.onlineOnly': { description: 'Whether to return only session types bookable online' },
			'request.programIds': { displayName: 'Program IDs', listSource: LISTS.programs },
		},
	}),
	fromDocument(V6.GetStaff, {
		resource: 'staff',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many staff members',
		description: 'Returns staff members, or those free for a session type at a location and time',
		large: true,
		serves: LISTS.staff,
		params: {
			'request.staffIds': { listSource: LISTS.staff },
			'request.filters': {
				description: 'Filters on the staff members returned',
				values: ['StaffViewable', 'AppointmentInstructor', 'ClassInstructor', 'Male', 'Female'],
			},
			'request.sessionTypeId': {
				description: 'Only staff free for this session type; needs Location and Start Date too',
				listSource: LISTS.sessionTypes,
			},
			'request.locationId': {
				description: 'Only staff free at this location; needs Session Type and Start Date too',
				listSource: LISTS.locations,
			},
			'request.startDateTime': {
				displayName: 'Start Date',
				description: 'Only staff free at this time; needs Session Type and Location too',
			},
		},
	}),
	fromDocument(V6.GetStaffPermissions, {
		resource: 'staff',
		operation: 'getPermissions',
		name: 'Get Permissions',
		action: 'Get permissions of staff member',
		description: "Returns a staff member's permission group, with what it allows and denies",
		params: { 'request.staffId': { listSource: LISTS.staff } },
	}),
	fromDocument(V6.AddStaff, {
		resource: 'staff',
		operation: 'create',
		name: 'Create',
		action: 'Create staff member',
		description: 'Creates a staff member',
		toolWarning: 'adds a staff member',
		fields: STAFF_FIELDS,
	}),
	fromDocument(V6.AssignStaffSessionType, {
		resource: 'staff',
		operation: 'assignSessionType',
		name: 'Assign Session Type',
		action: 'Assign session type to staff member',
		description:
			'Assigns an appointment session type to a staff member, with their own length and pay rate, or removes it',
		toolWarning: 'changes staff pay rates',
		staffToken: true,
		fields: {
			StaffId: {
				description: 'The staff member; they must be able to give appointments',
				listSource: LISTS.staff,
			},
			SessionTypeId: { description: 'An appointment session type', listSource: LISTS.sessionTypes },
			Active: { description: 'Whether the assignment is active; off removes it' },
			TimeLength: {
				displayName: 'Length',
				description: "How long the staff member's sessions of this type last, in minutes",
			},
			PrepTime: { displayName: 'Preparation Time', description: 'Minutes set aside before each session' },
			FinishTime: { description: 'Minutes set aside after each session' },
			PayRateType: {
				description:
					"How the pay rate is read: a percentage, a flat amount, or no pay; a new assignment takes the staff member's usual rate when left out",
				values: ['Percent', 'Flat', 'No Pay'],
			},
			PayRateAmount: { description: 'The pay per session, a percentage or an amount as the pay rate type says' },
		},
	}),
	fromDocument(V6.AddStaffAvailability, {
		resource: 'staff',
		operation: 'addAvailability',
		name: 'Add Availability',
		action: 'Add availability of staff member',
		description:
			'Adds the times one staff member is available or unavailable on set days (Availability: Add for Several Staff does it for several)',
		toolWarning: "changes the staff member's schedule",
		fields: {
			StaffId: { listSource: LISTS.staff },
			Description: { description: 'What the unavailability is for, e.g. Lunch or Vacation; only for unavailability' },
			ProgramIds: {
				displayName: 'Program IDs',
				description: 'The programs the staff member is available for; needed for availability',
				listSource: LISTS.programs,
			},
			LocationId: {
				description: 'Where the staff member is available; needed for availability',
				listSource: LISTS.locations,
			},
			DaysOfWeek: {
				description: 'The days the times apply to',
				values: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
			},
			StartTime: { description: 'Start time of day, as HH:MM:SS' },
			EndTime: { description: 'End time of day, as HH:MM:SS' },
			StartDate: { description: 'First day, as YYYY-MM-DD' },
			EndDate: { description: 'Last day, as YYYY-MM-DD' },
			Status: {
				description: "How the times show to clients: in full, with the staff member's name hidden, or not at all",
				values: ['Public', 'Masked', 'Hidden'],
			},
		},
	}),
	fromDocument(V6.UpdateStaff, {
		resource: 'staff',
		operation: 'update',
		name: 'Update',
		action: 'Update staff member',
		description: "Changes a staff member's details; fields left out keep their value",
		toolWarning: "changes a staff member's record",
		fields: {
			ID: { displayName: 'Staff ID', listSource: LISTS.staff },
			Active: { description: 'Whether the staff member is active' },
			...STAFF_FIELDS,
		},
	}),
	fromDocument(V6.UpdateStaffPermissions, {
		resource: 'staff',
		operation: 'updatePermissions',
		name: 'Update Permissions',
		action: 'Update permissions of staff member',
		description: 'Puts a staff member in a permission group, which sets what they may do',
		toolWarning: 'changes staff permissions',
		staffToken: true,
		fields: {
			StaffId: { description: 'The staff member; they must have a login', listSource: LISTS.staff },
			PermissionGroupName: { description: 'The name of the permission group, as set up in the business' },
		},
	}),
];
