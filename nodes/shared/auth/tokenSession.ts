import type { ICredentialDataDecryptedObject, IHttpRequestHelper } from 'n8n-workflow';

import { renewalError, SignInRenewalFailed } from './oauth';
import {
	issueUserToken,
	replaceToken,
	StaffLoginError,
	tokenDueForRenewal,
	tokenExpired,
	type IssuedToken,
} from './staffLogin';

/** A staff login that failed in this run; `again` when an earlier request of the run had tried it. */
export class LoginFailed extends Error {
	constructor(
		readonly login: StaffLoginError,
		readonly again: boolean,
	) {
		super(login.message);
	}
}

/**
 * One run's hold on the user token of its credential: the pasted token, or the staff login's.
 * A staff token is obtained once for the run (its requests go out together and wait for that
 * one login), renewed in its last hour, replaced when the service refuses it; a login that
 * failed is not tried again for every item. A token obtained here reaches n8n's credential store
 * with the next request (`takeUnsaved`), through the credential's pre-authentication.
 */
export class TokenSession {
	private underWay?: Promise<void>;

	private failed?: StaffLoginError;

	private unsaved?: IssuedToken;

	/** OAuth: how many refreshes this run made, so a refused try refreshes only if none came after it. */
	private refreshes = 0;

	private renewalFailed?: SignInRenewalFailed;

	/**
	 * `signIn`: the OAuth credential, whose token n8n holds, signs on and refreshes (`refresh`,
	 * n8n's helper, which stores the new tokens with the credential).
	 */
	constructor(
		private readonly helper: IHttpRequestHelper,
		private readonly credentials: ICredentialDataDecryptedObject,
		private readonly signIn?: { refresh: () => Promise<unknown> },
	) {}

	/** Sign in with Mindbody (the OAuth credential): n8n sends the token, the run only refreshes it. */
	get oauth(): boolean {
		return this.signIn !== undefined;
	}

	/** Which refresh a try is sent after (see `renewSignIn`); throws once a refresh was refused in the run. */
	signInGeneration(): number {
		if (this.renewalFailed) throw this.renewalFailed;
		return this.refreshes;
	}

	/**
	 * The service refused the OAuth token of a try sent after `generation` refreshes: one refresh
	 * for the run (tries refused together share it), or none when one came after that try.
	 */
	async renewSignIn(generation: number): Promise<void> {
		while (this.underWay) await this.underWay;
		if (this.renewalFailed) throw this.renewalFailed;
		if (generation !== this.refreshes) return;
		const refresh = (async () => {
			try {
				await this.signIn!.refresh();
				this.refreshes++;
			} catch (error) {
				this.renewalFailed = renewalError(error);
			}
		})();
		this.underWay = refresh.finally(() => {
			this.underWay = undefined;
		});
		await this.underWay;
		if (this.renewalFailed) throw this.renewalFailed;
	}

	/** Staff Login: tokens are obtained, renewed and replaced here. */
	get staffLogin(): boolean {
		return this.credentials.userMode === 'staffLogin';
	}

	/** Whether the credential gives a user token at all: Staff Login, or a pasted token. */
	get held(): boolean {
		if (this.signIn) {
			const tokens = this.credentials.oauthTokenData as { access_token?: unknown } | undefined;
			return typeof tokens?.access_token === 'string' && tokens.access_token !== '';
		}
		return this.staffLogin || (this.credentials.userMode === 'token' && Boolean(this.credentials.userToken));
	}

	/**
	 * The token a call sends (undefined when it takes none, or there is none). With Staff Login a
	 * login comes first whenever no token is held, whatever the call; a call that takes the token
	 * replaces one past its stated expiry and renews one in its last hour first.
	 */
	async tokenFor(takesToken: boolean): Promise<string | undefined> {
		const { credentials } = this;
		if (this.signIn) return undefined;
		if (credentials.userMode === 'token') return (takesToken && String(credentials.userToken ?? '')) || undefined;
		if (!this.staffLogin) return undefined;
		let tried = false;
		for (;;) {
			while (this.underWay) await this.underWay;
			if (this.failed) throw new LoginFailed(this.failed, !tried);
			const token = String(credentials.accessToken ?? '');
			const due = !token || (takesToken && (tokenExpired(credentials) || tokenDueForRenewal(credentials)));
			if (!due || tried) return (takesToken && token) || undefined;
			tried = true;
			await this.login(token, Boolean(token) && !tokenExpired(credentials));
		}
	}

	/** The service refused `token` (401): replaced by one login for the run, unless that happened already. */
	async refused(token: string): Promise<void> {
		while (this.underWay) await this.underWay;
		if (this.failed) throw new LoginFailed(this.failed, true);
		if (this.credentials.accessToken !== token) return;
		await this.login(token, false);
		if (this.failed) throw new LoginFailed(this.failed, false);
	}

	/** The token obtained in this run that n8n has not stored yet, taken by the request that hands it over. */
	takeUnsaved(): IssuedToken | undefined {
		const unsaved = this.unsaved;
		this.unsaved = undefined;
		return unsaved;
	}

	/** A token taken for storing whose request failed before handing it over: the next request tries. */
	keepUnsaved(issued: IssuedToken): void {
		if (this.credentials.accessToken === issued.accessToken) this.unsaved ??= issued;
	}

	/** A first login (`replaced` empty), or one replacing or renewing a token, shared with the process. */
	private async login(replaced: string, renew: boolean): Promise<void> {
		const login = (async () => {
			const issued = replaced
				? await replaceToken(this.helper, this.credentials, replaced, renew)
				: await issueUserToken(this.helper, this.credentials);
			if (issued instanceof StaffLoginError) {
				this.failed = issued;
				return;
			}
			this.credentials.accessToken = issued.accessToken;
			this.credentials.loginExpires = issued.loginExpires;
			this.unsaved = issued;
		})();
		this.underWay = login.finally(() => {
			this.underWay = undefined;
		});
		await this.underWay;
	}
}
