import type { Operation } from '../types';
import { V6_OPERATIONS as V6 } from './facts';
import { fromDocument } from './fromDocument';

/** The v6 document's Staff operations. */
export const staffOperations: Operation[] = [
	fromDocument(V6.GetStaffImageURL, {
		resource: 'staff',
		operation: 'getImageUrl',
		name: 'Get Image URL',
		action: 'Get image URL of staff member',
		description: 'DRAFT GET /staff/imageurl',
	}),
	fromDocument(V6.GetSalesReps, {
		resource: 'staff',
		operation: 'getSalesReps',
		name: 'Get Sales Reps',
		action: 'Get sales reps',
		description: 'DRAFT GET /staff/salesreps',
	}),
	fromDocument(V6.GetStaffSessionTypes, {
		resource: 'staff',
		operation: 'getSessionTypes',
		name: 'Get Session Types',
		action: 'Get session types of staff member',
		description: 'DRAFT GET /staff/sessiontypes',
	}),
	fromDocument(V6.GetStaff, {
		resource: 'staff',
		operation: 'getMany',
		name: 'Get Many',
		action: 'Get many staff members',
		description: 'DRAFT GET /staff/staff',
	}),
	fromDocument(V6.GetStaffPermissions, {
		resource: 'staff',
		operation: 'getPermissions',
		name: 'Get Permissions',
		action: 'Get permissions of staff member',
		description: 'DRAFT GET /staff/staffpermissions',
	}),
	fromDocument(V6.AddStaff, {
		resource: 'staff',
		operation: 'create',
		name: 'Create',
		action: 'Create staff member',
		description: 'DRAFT POST /staff/addstaff',
	}),
	fromDocument(V6.AssignStaffSessionType, {
		resource: 'staff',
		operation: 'assignSessionType',
		name: 'Assign Session Type',
		action: 'Assign session type to staff member',
		description: 'DRAFT POST /staff/assignsessiontype',
	}),
	fromDocument(V6.AddStaffAvailability, {
		resource: 'staff',
		operation: 'addAvailability',
		name: 'Add Availability',
		action: 'Add availability of staff member',
		description: 'DRAFT POST /staff/staffavailability',
	}),
	fromDocument(V6.UpdateStaff, {
		resource: 'staff',
		operation: 'update',
		name: 'Update',
		action: 'Update staff member',
		description: 'DRAFT POST /staff/updatestaff',
	}),
	fromDocument(V6.UpdateStaffPermissions, {
		resource: 'staff',
		operation: 'updatePermissions',
		name: 'Update Permissions',
		action: 'Update permissions of staff member',
		description: 'DRAFT POST /staff/updatestaffpermissions',
	}),
];
