import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http-error.ts';
import { authenticate } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import { FailureWindow } from './failure-window.ts';
import { createInFlightLimit } from './in-flight.ts';
import type { RateLimits } from '../config/rate-limit-settings.ts';

type KeyOf = (request: FastifyRequest) => string | null;

/** Sign-ins from one address checked at once; a third waits for one of them (429, retry). */
export const SIGN_INS_IN_FLIGHT_PER_ADDRESS = 2;

const byAddress: KeyOf = (request) => request.ip;
/**
 * The account a sign-in names, with the address it comes from; a body that is not one is
 * refused by validation anyway. Counting per account alone let anyone lock a known account out
 * from everywhere with a few wrong passwords (issue 37, finding 5); guessing from many
 * addresses is still bounded by each address's own limit.
 */
const byAccountAndAddress: KeyOf = (request) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? `${request.ip} ${email.trim().toLowerCase()}` : null;
};

interface Rule {
  limit: keyof RateLimits;
  key: KeyOf;
  /** What the 429 says is being throttled. */
  what: string;
}

/**
 * The anonymous entry points, by route. Address rules run before the body is read; account rules
 * need the body. Logout is counted like refresh: both take a refresh token.
 */
const RULES: Record<string, Rule[]> = {
  'POST /api/v1/auth/login': [
    { limit: 'signInPerAddress', key: byAddress, what: 'sign-in attempts from this address' },
    {
      limit: 'signInPerAccount',
      key: byAccountAndAddress,
      what: 'sign-in attempts for this account from this address',
    },
  ],
  'POST /api/v1/auth/signup': [
    { limit: 'signUpPerAddress', key: byAddress, what: 'sign-ups from this address' },
  ],
  'POST /api/auth/contact/': [
    { limit: 'contactPerAddress', key: byAddress, what: 'messages from this address' },
  ],
  'POST /api/v1/auth/refresh/': [
    { limit: 'refreshPerAddress', key: byAddress, what: 'token refreshes from this address' },
  ],
  'POST /api/v1/auth/logout': [
    { limit: 'refreshPerAddress', key: byAddress, what: 'sign-outs from this address' },
  ],
  // Single sign-on (decision 054): each start calls a company's provider and stores a row, and
  // each code tried is a guess at a one-time secret.
  'POST /api/v1/auth/sso/start': [
    { limit: 'signInPerAddress', key: byAddress, what: 'single sign-on starts from this address' },
  ],
  'POST /api/v1/auth/sso/exchange': [
    { limit: 'signInPerAddress', key: byAddress, what: 'single sign-on codes from this address' },
  ],
};

/**
 * Throttles failed sign-ins (per address, and per account from one address), sign-up, contact, refresh and logout (per
 * address), answering 429 with Retry-After. Counts live in this process's memory: with several
 * API instances each counts on its own, so the effective limit is the setting times the
 * instances. Register before the routes.
 */
export async function registerThrottle(
  app: FastifyInstance,
  limits: RateLimits,
  services: Pick<RouteServices, 'sessions'>,
): Promise<void> {
  await app.register(rateLimit, { global: false, cache: 10_000 });
  // Staff and company administrators creating accounts through sign-up are not the abuse the
  // sign-up throttle is for.
  const createsAccounts = async (request: FastifyRequest) => {
    const caller = await authenticate(request, services).catch(() => null);
    return caller?.isStaff === true || caller?.isCompanyAdmin === true;
  };

  const limiter = (rule: Rule) =>
    app.createRateLimit({
      max: limits[rule.limit].max,
      timeWindow: limits[rule.limit].windowSeconds * 1000,
      keyGenerator: (request) => rule.key(request) ?? '',
      allowList: async (request) => {
        if (rule.key(request) === null) return true;
        return rule.limit === 'signUpPerAddress' && (await createsAccounts(request));
      },
    });
  const hookOf = (rule: Rule) => {
    const check = limiter(rule);
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', result.ttlInSeconds);
      throw new HttpError(429, `Too many ${rule.what}; try again in ${result.ttlInSeconds} s`);
    };
  };

  const signInRules = RULES['POST /api/v1/auth/login'] ?? [];
  const signInFailures = signInRules.map((rule) => ({
    rule,
    window: new FailureWindow(limits[rule.limit]),
  }));
  /** Sign-in refuses a key whose recent failures reached the limit; successes never count. */
  const refuseThrottledSignIn = async (request: FastifyRequest, reply: FastifyReply) => {
    for (const { rule, window } of signInFailures) {
      const key = rule.key(request);
      const wait = key === null ? 0 : window.retryAfter(key);
      if (wait > 0) {
        reply.header('retry-after', wait);
        throw new HttpError(429, `Too many ${rule.what}; try again in ${wait} s`);
      }
    }
  };
  // Successes are bounded too: one address has at most this many sign-ins being checked at
  // once (issue 37, finding 6), so a burst of correct sign-ins from one place cannot fill the
  // password hasher's queue ahead of everyone else's.
  const inFlight = createInFlightLimit<string>(SIGN_INS_IN_FLIGHT_PER_ADDRESS);
  const holdSignInSlot = async (request: FastifyRequest, reply: FastifyReply) => {
    if (inFlight.tryHold(request.ip, reply)) return;
    reply.header('retry-after', 1);
    throw new HttpError(
      429,
      'Another sign-in from this address is being checked; try again in a moment',
    );
  };
  const countSignInFailure = async (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.statusCode === 200) {
      // The account's owner, from this address: its lockout backoff starts afresh. The address's
      // own count across accounts stays (one right password must not hide many wrong ones).
      const account = signInFailures.find(({ rule }) => rule.key === byAccountAndAddress);
      const key = byAccountAndAddress(request);
      if (account && key !== null) account.window.forget(key);
      return;
    }
    if (reply.statusCode !== 401) return;
    for (const { rule, window } of signInFailures) {
      const key = rule.key(request);
      if (key !== null) window.record(key);
    }
  };

  app.addHook('onRoute', (route) => {
    const routeKey = `${[route.method].flat()[0]} ${route.url}`;
    if (routeKey === 'POST /api/v1/auth/login') {
      route.preValidation = [
        ...[route.preValidation ?? []].flat(),
        refuseThrottledSignIn,
        holdSignInSlot,
      ];
      route.onResponse = [...[route.onResponse ?? []].flat(), countSignInFailure];
      return;
    }
    const rules = RULES[routeKey] ?? [];
    const stage = (rule: Rule) =>
      rule.key === byAccountAndAddress ? 'preValidation' : 'onRequest';
    for (const rule of rules) {
      // Each route gets counters of its own (createRateLimit makes a new store per call).
      route[stage(rule)] = [...[route[stage(rule)] ?? []].flat(), hookOf(rule)];
    }
  });
}
