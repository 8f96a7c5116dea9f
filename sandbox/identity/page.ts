const escapeHtml = (text: string) =>
	text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export interface SignInPage {
	/** The authorization request, carried through the form unchanged. */
	params: Record<string, string>;
	clientName: string;
	siteName: string;
	siteId: number;
	username?: string;
	/** Why the last attempt failed. */
	problem?: string;
	/** The logins a person may try, shown on the page (the sandbox's are not secret). */
	logins: Array<{ kind: string; username: string; password: string }>;
}

/** A plain sign-in form: it posts back to the same path with the request in hidden fields. */
export function signInPage(page: SignInPage): string {
	const hidden = Object.entries(page.params)
		.map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
		.join('\n\t\t');
	const logins = page.logins
		.map(
			(login) =>
				`<li>${escapeHtml(login.kind)}: <code>${escapeHtml(login.username)}</code> / <code>${escapeHtml(login.password)}</code></li>`,
		)
		.join('');
	return `<!doctype html>
<html lang="en">
<head>
	<meta charset="utf-8">
	<title>Sign in – Mindbody sandbox</title>
	<style>
		body { font-family: system-ui, sans-serif; max-width: 26rem; margin: 3rem auto; padding: 0 1rem; }
		label { display: block; margin-top: 0.8rem; }
		input[type=text], input[type=password] { width: 100%; padding: 0.4rem; box-sizing: border-box; }
		.problem { color: #a40000; }
		button { margin-top: 1rem; margin-right: 0.5rem; padding: 0.4rem 1rem; }
	</style>
</head>
<body>
	<h1>Sign in</h1>
	<p><strong>${escapeHtml(page.clientName)}</strong> asks to act for you at
		<strong>${escapeHtml(page.siteName)}</strong> (site ${page.siteId}).</p>
	${page.problem ? `<p class="problem" role="alert">${escapeHtml(page.problem)}</p>` : ''}
	<form method="post">
		${hidden}
		<label>Username or e-mail <input type="text" name="username" autocomplete="username" value="${escapeHtml(page.username ?? '')}"></label>
		<label>Password <input type="password" name="password" autocomplete="current-password"></label>
		<button type="submit" name="action" value="sign-in">Sign in</button>
		<button type="submit" name="action" value="cancel">Cancel</button>
	</form>
	<p>Sandbox logins: </p><ul>${logins}</ul>
</body>
</html>
`;
}
