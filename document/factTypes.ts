/** The shape of the facts `scripts/v6Facts.ts` derives from Mindbody's Public API v6 document. */

/** Wire types: Swagger's type and format in one name (`float` is a single-precision number). */
export type V6Scalar =
	| 'int32'
	| 'int64'
	| 'double'
	| 'float'
	| 'string'
	| 'boolean'
	| 'dateTime'
	| 'byte'
	| 'uuid'
	| 'object';

export interface V6Limits {
	readonly type: V6Scalar;
	readonly min?: number;
	readonly max?: number;
	readonly minLength?: number;
	readonly maxLength?: number;
	readonly pattern?: string;
}

/** A field's type: a scalar, an enum, a reference to a named type, a list, or a scalar with limits. */
export type V6Field =
	| V6Scalar
	| { readonly enum: readonly string[] }
	| { readonly ref: string }
	| { readonly list: V6Field }
	| V6Limits;

export interface V6TypeFacts {
	readonly required?: readonly string[];
	readonly readOnly?: readonly string[];
	readonly fields: Readonly<Record<string, V6Field>>;
}

export interface V6ParamFacts {
	readonly name: string;
	readonly in: 'query' | 'path';
	readonly scalar: V6Scalar;
	/** Repeated keys (`collectionFormat: multi`). */
	readonly array?: boolean;
	readonly required?: boolean;
	readonly enum?: readonly string[];
}

export interface V6OperationFacts {
	readonly tag: string;
	readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
	readonly path: string;
	/** The staff token header as declared: optional on all but the token operations. */
	readonly authorization: 'required' | 'optional' | 'none';
	/** Also takes an OAuth consumer identity token. */
	readonly consumerIdentityToken?: boolean;
	readonly params: readonly V6ParamFacts[];
	readonly body?: V6Field;
	readonly status: number;
	readonly answer?: V6Field;
}
