import { LISTS } from './listSources';
import type { OperationParam, ParamType } from './types';

type Extra = Partial<Omit<OperationParam, 'name' | 'location' | 'type' | 'displayName'>>;

const isId = (name: string, type: ParamType) =>
	/ids?$/i.test(name) && (type === 'int32' || type === 'int64') ? ('record' as const) : undefined;

/** A path parameter: always required. Integer ids follow the id rule unless `extra` says otherwise. */
export const pathParam = (name: string, type: ParamType, displayName: string, extra: Extra = {}): OperationParam => ({
	name,
	location: 'path',
	type,
	displayName,
	required: true,
	id: isId(name, type),
	...extra,
});

export const queryParam = (name: string, type: ParamType, displayName: string, extra: Extra = {}): OperationParam => ({
	name,
	location: 'query',
	type,
	displayName,
	id: isId(name, type),
	...extra,
});

/** The five query parameters every dashboard operation takes. */
export const dashboardParams: OperationParam[] = [
	queryParam('requestModel.dateRange.start', 'dateTime', 'Start', {
		description: 'Start of the date range',
	}),
	queryParam('requestModel.dateRange.end', 'dateTime', 'End', {
		description: 'End of the date range',
	}),
	queryParam('requestModel.locationIds', 'int32', 'Location IDs', {
		array: 'repeated',
		listSource: LISTS.locations,
	}),
	queryParam('requestModel.accrual', 'boolean', 'Accrual Basis', {
		description: 'Whether to report on an accrual basis (on) or a cash basis (off)',
	}),
	queryParam('requestModel.yearOverYear', 'boolean', 'Year Over Year', {
		description: 'Whether to compare year over year (on) or month over month (off)',
	}),
];
