import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ssoLogins } from '../db/schema.ts';

/** How long a started sign-in waits for the provider's answer (decision 054). */
export const SSO_LOGIN_TTL_MINUTES = 10;
/** How long the SPA has to trade its hand-over code for tokens after the callback. */
export const SSO_HANDOFF_TTL_MINUTES = 2;

export interface PendingSsoLogin {
  id: number;
  companyId: number;
  nonce: string;
  codeVerifier: string;
  /** Started more than SSO_LOGIN_TTL_MINUTES ago: refused. */
  expired: boolean;
}

export function createSsoLoginsRepository(db: Db) {
  return {
    async begin(values: {
      stateHash: string;
      nonce: string;
      codeVerifier: string;
      companyId: number;
    }): Promise<void> {
      // Rows nobody finished are of no use after their lifetime; an hour leaves room for clocks.
      await db.delete(ssoLogins).where(lt(ssoLogins.createdAt, sql`now() - interval '1 hour'`));
      await db.insert(ssoLogins).values(values);
    },

    /** The login of this state, claimed once: a second claim (a replay) finds nothing. */
    async claim(stateHash: string): Promise<PendingSsoLogin | undefined> {
      const [row] = await db
        .update(ssoLogins)
        .set({ claimedAt: sql`now()` })
        .where(and(eq(ssoLogins.stateHash, stateHash), isNull(ssoLogins.claimedAt)))
        .returning({
          id: ssoLogins.id,
          companyId: ssoLogins.companyId,
          nonce: ssoLogins.nonce,
          codeVerifier: ssoLogins.codeVerifier,
          expired: sql<boolean>`${ssoLogins.createdAt} < now() - make_interval(mins => ${SSO_LOGIN_TTL_MINUTES})`,
        });
      return row;
    },

    /** The provider's answer was verified: whom the hand-over code signs in. */
    async complete(id: number, userId: number, handoffHash: string): Promise<void> {
      await db
        .update(ssoLogins)
        .set({ userId, handoffHash, completedAt: sql`now()` })
        .where(eq(ssoLogins.id, id));
    },

    /** The user a fresh hand-over code signs in, once; the row goes with it. */
    async exchange(handoffHash: string): Promise<number | undefined> {
      const [row] = await db
        .delete(ssoLogins)
        .where(
          and(
            eq(ssoLogins.handoffHash, handoffHash),
            sql`${ssoLogins.completedAt} > now() - make_interval(mins => ${SSO_HANDOFF_TTL_MINUTES})`,
          ),
        )
        .returning({ userId: ssoLogins.userId });
      return row?.userId ?? undefined;
    },
  };
}

export type SsoLoginsRepository = ReturnType<typeof createSsoLoginsRepository>;
