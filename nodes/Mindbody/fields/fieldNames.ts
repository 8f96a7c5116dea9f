import { pickedLabel, type Operation, type OperationParam } from '../../shared/catalogue';

/** The request-model prefix of a query name: `request.`, `requestModel.`, `getCoursesRequest.`. */
const PREFIX = /^(request(Model)?|\w+Request)\./;

/** Node parameter name of an API parameter: `request.startDateTime` → `startDateTime`. */
export function fieldName(param: OperationParam, operation: Operation): string {
	const short = camel(param.name.replace(PREFIX, ''));
	// Keep prefixed and plain names apart where an operation has both (`locationId`, `request.locationId`).
	const clash = operation.params.some((other) => other !== param && camel(other.name.replace(PREFIX, '')) === short);
	return clash && param.name.startsWith('request') ? camel(param.name) : short;
}

/** A parameter's label as its field shows it (and errors name it): a picker's names what it picks. */
export const paramLabel = (param: OperationParam): string =>
	param.listSource && !param.array ? pickedLabel(param.displayName) : param.displayName;

const camel = (name: string) => name.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase());

/** Where an operation's optional parameters live. */
export const optionalCollection = (operation: Operation) =>
	operation.method === 'GET'
		? { name: 'filters', displayName: 'Filters' }
		: { name: 'additionalFields', displayName: 'Additional Fields' };

export const showFor = (operation: Operation) => ({
	show: { resource: [operation.resource], operation: [operation.operation] },
});

/** Parameters the node asks for (paging parameters are driven by Return All / Limit). */
export const userParams = (operation: Operation) =>
	operation.params.filter(
		(param) => !operation.paging || (param.name !== operation.paging.limit && param.name !== operation.paging.offset),
	);
