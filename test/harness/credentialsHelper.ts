import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	ICredentials,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeProperties,
	IRequestOptionsSimplified,
	Workflow,
} from 'n8n-workflow';
import { ICredentialsHelper, deepCopy } from 'n8n-workflow';

/**
 * The storage side of credentials, behaving like n8n's own CredentialsHelper (packages/cli):
 * authenticate through the credential type, preAuthentication only when the expirable field
 * is empty or a request came back 401, and the refreshed value persisted for later requests.
 * The store is in memory instead of n8n's database.
 */
export class InMemoryCredentialsHelper extends ICredentialsHelper {
	private readonly store = new Map<string, ICredentialDataDecryptedObject>();

	/** preAuthentication calls, per credential id, so tests can count token issues. */
	readonly preAuthenticationCalls: Array<{ id: string; expired: boolean }> = [];

	constructor(private readonly types: Record<string, ICredentialType>) {
		super();
	}

	set(id: string, data: ICredentialDataDecryptedObject) {
		this.store.set(id, deepCopy(data));
	}

	get(id: string): ICredentialDataDecryptedObject | undefined {
		return this.store.get(id);
	}

	private type(name: string): ICredentialType {
		const type = this.types[name];
		if (!type) throw new Error(`Unknown credential type ${name}`);
		return type;
	}

	getParentTypes(): string[] {
		return [];
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.type(type).properties;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.type(typeName);
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		if (authenticate?.type === 'generic') {
			const options = requestOptions as unknown as Record<string, Record<string, unknown>>;
			for (const [outerKey, values] of Object.entries(authenticate.properties)) {
				options[outerKey] ??= {};
				for (const [key, value] of Object.entries(values as Record<string, string>)) {
					options[outerKey][key] = workflow.expression.getSimpleParameterValue(
						node,
						value,
						'internal',
						{ $credentials: credentials },
						undefined,
						'',
					);
				}
			}
		}
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.type(typeName);
		const expirable = type.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (!expirable || typeof type.preAuthentication !== 'function') return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;

		const nodeCredentials = node.credentials?.[typeName];
		this.preAuthenticationCalls.push({ id: String(nodeCredentials?.id), expired: credentialsExpired });
		const output = await type.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined || !nodeCredentials?.id) return undefined;
		await this.updateCredentials(nodeCredentials, typeName, {
			...this.store.get(nodeCredentials.id),
			...output,
		} as ICredentialDataDecryptedObject);
		return Object.assign(credentials, output);
	}

	// n8n-core reads credentials decrypted (getDecrypted); the encrypted form is the CLI's concern.
	async getCredentials(): Promise<ICredentials> {
		throw new Error('Credentials are kept decrypted in the harness; use getDecrypted');
	}

	async getDecrypted(
		_additionalData: unknown,
		nodeCredentials: INodeCredentialsDetails,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.store.get(String(nodeCredentials.id));
		if (!data) throw new Error(`No credentials stored with id ${String(nodeCredentials.id)}`);
		return deepCopy(data);
	}

	async updateCredentials(
		nodeCredentials: INodeCredentialsDetails,
		_type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store.set(String(nodeCredentials.id), deepCopy(data));
	}

	async updateCredentialsOauthTokenData(): Promise<void> {}
}
