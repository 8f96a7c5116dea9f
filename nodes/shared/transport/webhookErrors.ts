/**
 * The webhook service's error codes the nodes act on or explain (its Errors table), each with
 * what the user should read. The transport shows the hint; the trigger decides by the code.
 */
export const WEBHOOK_ERRORS = {
	httpsRequired: {
		code: '14000013',
		hint: 'The webhook service accepts only HTTPS webhook URLs. Serve n8n over HTTPS (set WEBHOOK_URL to a public https:// address, for example behind a tunnel or reverse proxy) and activate again.',
	},
	urlNotReachable: {
		code: '14000014',
		hint: "The webhook service could not reach the webhook URL (a HEAD request must answer 2xx within 10 seconds). Make sure n8n's WEBHOOK_URL is publicly reachable over HTTPS and activate again.",
	},
	alreadyDeactivated: { code: '14000018', hint: 'The subscription is already deactivated.' },
	/** A status PATCH the service does not take (a deactivated subscription stays so); the server's words suffice. */
	statusNotValid: { code: '14000020', hint: undefined },
	missingApiKey: {
		code: '14010001',
		hint: 'The API-Key header is missing: check the API key of the Mindbody credential.',
	},
	noLiveAccess: {
		code: '14030002',
		hint: 'The developer account has no live access yet: request it in the developer portal.',
	},
	subscriptionNotFound: { code: '14040001', hint: 'No subscription has this ID.' },
} as const;

type WebhookError = (typeof WEBHOOK_ERRORS)[keyof typeof WEBHOOK_ERRORS];

const byCode = new Map<string, WebhookError>(Object.values(WEBHOOK_ERRORS).map((error) => [error.code, error]));

/** What to tell the user about a code the service sent, when the table knows it. */
export const webhookErrorHint = (code: string | undefined): string | undefined =>
	code === undefined ? undefined : byCode.get(code)?.hint;
