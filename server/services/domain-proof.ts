import { Resolver } from 'node:dns/promises';

/** Where a company publishes the proof that an email domain is its own (decision 071). */
export const CHALLENGE_LABEL = '_spanwatch-challenge';
const VALUE_PREFIX = 'spanwatch-domain-verification=';
/** How long one look-up may take: one try, then the answer is an error, not a hang. */
export const DNS_TIMEOUT_MS = 5000;
/** TXT records read and characters of each compared; the rest of a large answer is ignored. */
const MAX_RECORDS = 50;
const MAX_RECORD_CHARS = 1024;

/** The TXT record's name and value that prove `domain` with `challenge`. */
export function challengeRecord(domain: string, challenge: string) {
  return { name: `${CHALLENGE_LABEL}.${domain}`, value: `${VALUE_PREFIX}${challenge}` };
}

export type DomainProofResult =
  { proven: true } | { proven: false; status: 422 | 502; detail: string };

export interface DomainProof {
  check(domain: string, challenge: string): Promise<DomainProofResult>;
}

const NOT_FOUND = new Set(['ENODATA', 'ENOTFOUND', 'NOTFOUND', 'NODATA']);

/**
 * Looks the challenge up over DNS: the system's resolver, or `servers` (DNS_SERVERS, such as
 * `127.0.0.1:5353`) when given. One try of at most `timeoutMs`, bounded again by a timer that
 * cancels the query, so a server that never answers costs the request `timeoutMs` and no more.
 */
export function createDomainProof(
  servers: readonly string[] | undefined,
  timeoutMs = DNS_TIMEOUT_MS,
): DomainProof {
  return {
    async check(domain, challenge) {
      const { name, value } = challengeRecord(domain, challenge);
      const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
      if (servers?.length) resolver.setServers([...servers]);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs + 500);
      });
      try {
        const answer = await Promise.race([resolver.resolveTxt(name), timedOut]);
        if (answer === 'timeout') throw Object.assign(new Error('timeout'), { code: 'ETIMEOUT' });
        const records = answer
          .slice(0, MAX_RECORDS)
          .map((chunks) => chunks.join('').slice(0, MAX_RECORD_CHARS).trim());
        if (records.includes(value)) return { proven: true };
        const count = answer.length;
        return {
          proven: false,
          status: 422,
          detail:
            count === 0
              ? `domain: no TXT record at ${name}`
              : `domain: found ${count} TXT record${count === 1 ? '' : 's'} at ${name}, none with the value ${value}`,
        };
      } catch (error) {
        const code = String((error as { code?: unknown }).code ?? '');
        if (NOT_FOUND.has(code)) {
          return { proven: false, status: 422, detail: `domain: no TXT record at ${name}` };
        }
        const why =
          code === 'ETIMEOUT' || code === 'ECANCELLED'
            ? `no answer within ${timeoutMs / 1000} s`
            : `the look-up failed (${code || 'error'})`;
        return {
          proven: false,
          status: 502,
          detail: `domain: could not read the TXT record at ${name}: ${why}; try again later`,
        };
      } finally {
        clearTimeout(timer);
        resolver.cancel();
      }
    },
  };
}
