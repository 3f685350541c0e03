import { and, asc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companySsoDomains } from '../db/schema.ts';

/** A DNS-proven claim whose proof is due to be looked up again (decision 078). */
export interface DueRecheck {
  companyId: number;
  domain: string;
  challenge: string;
  recheckFailures: number;
}

/** What a re-check did to the claim. */
export type RecheckOutcome = 'kept' | 'failing' | 'withdrawn';

/** Re-checks in a row that found no proof before the verification is withdrawn. */
export const WITHDRAW_AFTER_FAILURES = 3;

export function createDomainRecheckRepository(db: Db) {
  return {
    /**
     * Claims proven by DNS whose proof was last looked at (or made) before `healthyBefore`, and
     * those that failed their last re-check and were last looked at before `failingBefore`;
     * failing ones first, then the longest unchecked, at most `limit`.
     */
    async due(healthyBefore: Date, failingBefore: Date, limit: number): Promise<DueRecheck[]> {
      const lastLooked = sql`coalesce(${companySsoDomains.recheckedAt}, ${companySsoDomains.verifiedAt})`;
      return db
        .select({
          companyId: companySsoDomains.companyId,
          domain: companySsoDomains.domain,
          challenge: companySsoDomains.challenge,
          recheckFailures: companySsoDomains.recheckFailures,
        })
        .from(companySsoDomains)
        .where(
          and(
            eq(companySsoDomains.verifiedMethod, 'dns'),
            or(
              and(eq(companySsoDomains.recheckFailures, 0), lt(lastLooked, healthyBefore)),
              and(gt(companySsoDomains.recheckFailures, 0), lt(lastLooked, failingBefore)),
            ),
          ),
        )
        .orderBy(sql`${companySsoDomains.recheckFailures} desc`, asc(lastLooked))
        .limit(limit);
    },

    /**
     * Writes down one re-check: the proof found clears the failures; not found counts one more,
     * and the WITHDRAW_AFTER_FAILURES-th withdraws the verification (the domain stops signing
     * people in until it is proven again). Only a claim still proven by DNS is touched.
     */
    async record(claim: DueRecheck, found: boolean, at: Date): Promise<RecheckOutcome> {
      const failures = found ? 0 : claim.recheckFailures + 1;
      const withdraw = failures >= WITHDRAW_AFTER_FAILURES;
      await db
        .update(companySsoDomains)
        .set({
          recheckedAt: at,
          recheckFailures: failures,
          ...(withdraw ? { verifiedAt: null, verifiedMethod: null, verifiedBy: null } : {}),
        })
        .where(
          and(
            eq(companySsoDomains.companyId, claim.companyId),
            eq(companySsoDomains.domain, claim.domain),
            eq(companySsoDomains.verifiedMethod, 'dns'),
          ),
        );
      return withdraw ? 'withdrawn' : found ? 'kept' : 'failing';
    },
  };
}

export type DomainRecheckRepository = ReturnType<typeof createDomainRecheckRepository>;
