import { bool, defineEvent, fields, nullableNum, nullableStr, num, same, str, type EventDefinition } from './fields';

const membershipAssigned = fields({
	...same(num, 'siteId', 'clientUniqueId', 'membershipId'),
	...same(str, 'clientId', 'clientFirstName', 'clientLastName', 'clientEmail', 'membershipName'),
});

const membershipCancelled = fields({ ...same(num, 'siteId', 'membershipId'), clientId: str });

const contractDates = same(str, 'agreementDateTime', 'contractStartDateTime', 'contractEndDateTime');

const contractCreated = fields({
	...same(num, 'siteId', 'clientUniqueId'),
	/** Staff fields are null when the client bought it themselves. */
	contractSoldByStaffId: nullableNum,
	/** 98: sold through a mobile app, the public API or the online store. */
	contractOriginationLocation: num,
	...same(num, 'contractId', 'clientContractId'),
	...same(str, 'clientId', 'clientFirstName', 'clientLastName', 'clientEmail'),
	...same(nullableStr, 'contractSoldByStaffFirstName', 'contractSoldByStaffLastName'),
	contractName: str,
	...contractDates,
	isAutoRenewing: bool,
});

const contractUpdated = fields({
	...same(num, 'siteId', 'clientUniqueId', 'clientContractId'),
	clientId: str,
	...contractDates,
	isAutoRenewing: bool,
});

const contractCancelled = fields({
	...same(num, 'siteId', 'clientUniqueId', 'clientContractId'),
	clientId: str,
});

const group = 'Contract/Membership';

export const contractEvents: EventDefinition[] = [
	defineEvent(
		'clientMembershipAssignment.created',
		group,
		'A client gets a membership',
		membershipAssigned,
		'Membership Assigned',
	),
	defineEvent(
		'clientMembershipAssignment.cancelled',
		group,
		'A membership is removed, including by voiding its sale',
		membershipCancelled,
		'Membership Cancelled',
	),
	defineEvent('clientContract.created', group, 'A contract is bought or sold', contractCreated, 'Contract Created'),
	defineEvent(
		'clientContract.updated',
		group,
		'A contract changes, including suspension and termination',
		contractUpdated,
		'Contract Updated',
	),
	defineEvent('clientContract.cancelled', group, 'A contract is deleted', contractCancelled, 'Contract Cancelled'),
];
