import { answerOf } from './answer';
import type { ApiClient } from './client';
import type { TokenPair } from './token-storage';

/** The identity provider's sign-in page for this work email (decision 054). */
export async function startSso(api: ApiClient, email: string): Promise<string> {
  const answer = await answerOf(
    api.POST('/api/v1/auth/sso/start', { body: { email } }),
    'Single sign-on could not be started',
  );
  return answer.authorization_url;
}

/** The session's tokens for the one-time code the callback put in the landing page's fragment. */
export function exchangeSso(api: ApiClient, code: string): Promise<TokenPair> {
  return answerOf(
    api.POST('/api/v1/auth/sso/exchange', { body: { code } }),
    'Single sign-on could not be completed',
  );
}
