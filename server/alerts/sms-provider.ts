/** Where alert texts go: one implementation per provider's REST API, all over HTTP. */
export interface SmsProvider {
  /** Sends one text; resolves with the provider's answer to log, throws when refused. */
  send(to: string, body: string): Promise<string>;
}

export interface SmsSettings {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}

/** A hung provider fails the attempt well inside the delivery's 90 s claim (email-sender.ts). */
const SMS_TIMEOUT_MS = 15_000;

/**
 * The shape of Twilio's Messages resource (POST /2010-04-01/Accounts/{sid}/Messages.json,
 * form-encoded To, From and Body, HTTP basic auth with the account SID and token; it answers
 * 201 with the message's `sid` and `status`). The base URL is a setting, so a test points it at
 * a fake on loopback and a deployment at the provider or a compatible one.
 */
export function createTwilioShapedProvider(settings: SmsSettings): SmsProvider {
  const url = new URL(
    `2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`,
    settings.baseUrl.endsWith('/') ? settings.baseUrl : `${settings.baseUrl}/`,
  );
  const credentials = Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString(
    'base64',
  );
  return {
    async send(to, body) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${credentials}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: to, From: settings.from, Body: body }),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
      const text = (await response.text()).slice(0, 500);
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}: ${text}`);
      const answer = JSON.parse(text) as { sid?: unknown; status?: unknown };
      return `${response.status} ${String(answer.sid)} ${String(answer.status)}`;
    },
  };
}
