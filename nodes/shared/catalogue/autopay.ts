import { pathParam } from './params';
import type { Operation } from './types';

const autopay = (scope: 'region' | 'subscriber', kind: 'Suspend' | 'close'): Operation => {
	const idName = scope === 'region' ? 'regionId' : 'subscriberId';
	const scopeLabel = scope === 'region' ? 'Region' : 'Subscriber';
	const suspend = kind === 'Suspend';
	const dateName = suspend ? 'startDate' : 'endDate';
	return {
		service: 'rest',
		resource: 'autopay',
		operation: `${suspend ? 'suspend' : 'close'}${scopeLabel}`,
		name: `${suspend ? 'Suspend' : 'End Suspension of'} ${scopeLabel}`,
		action: suspend ? `Suspend autopays of ${scope}` : `End autopay suspension of ${scope}`,
		toolWarning: 'changes autopay billing',
		description: suspend
			? `Creates an open-ended autopay suspension for a ${scope}, starting on the given date`
			: `Ends the open-ended autopay suspensions of a ${scope} on the given date`,
		method: 'POST',
		path: `/AutoPay/${scope}/{${idName}}/covid19/${kind}/${suspend ? 'startdate' : 'enddate'}/{${dateName}}`,
		userToken: true,
		params: [
			// A subscriber is a business site, and site ids can be negative (the sandbox site is -99).
			pathParam(idName, 'int32', `${scopeLabel} ID`, { id: scope === 'region' ? 'record' : 'site' }),
			pathParam(dateName, 'dateTime', suspend ? 'Start Date' : 'End Date'),
		],
		output: 'object',
	};
};

export const autopayOperations: Operation[] = [
	autopay('region', 'close'),
	autopay('region', 'Suspend'),
	autopay('subscriber', 'close'),
	autopay('subscriber', 'Suspend'),
];
