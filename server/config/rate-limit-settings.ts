/** At most `max` requests per `windowSeconds` for one key (an address or an account). */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export interface RateLimits {
  /** Failed sign-ins only: a correct password never counts. */
  signInPerAddress: RateLimit;
  /** Failed sign-ins naming one email from one address (a stranger cannot lock the owner out). */
  signInPerAccount: RateLimit;
  signUpPerAddress: RateLimit;
  contactPerAddress: RateLimit;
  /** Refresh, and logout, which revokes a refresh token. */
  refreshPerAddress: RateLimit;
}

/** Environment variable, default: generous for an office behind one address, tight for a bot. */
export const RATE_LIMIT_SETTINGS: Record<keyof RateLimits, [string, string]> = {
  signInPerAddress: ['RATE_LIMIT_SIGN_IN_PER_ADDRESS', '50/15m'],
  signInPerAccount: ['RATE_LIMIT_SIGN_IN_PER_ACCOUNT', '10/15m'],
  signUpPerAddress: ['RATE_LIMIT_SIGN_UP_PER_ADDRESS', '30/1h'],
  contactPerAddress: ['RATE_LIMIT_CONTACT_PER_ADDRESS', '30/1h'],
  refreshPerAddress: ['RATE_LIMIT_REFRESH_PER_ADDRESS', '300/15m'],
};

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** `count/window`, the window a number with s, m, h or d: `10/15m` is 10 per 15 minutes. */
export function parseRateLimit(raw: string): RateLimit {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*([smhd])\s*$/.exec(raw);
  const max = Number(match?.[1]);
  const windowSeconds = Number(match?.[2]) * (UNIT_SECONDS[match?.[3] ?? ''] ?? NaN);
  if (!match || max < 1 || !(windowSeconds >= 1) || windowSeconds > 7 * 86400) {
    throw new Error('must look like 10/15m (at least 1 request per 1s to 7d)');
  }
  return { max, windowSeconds };
}
