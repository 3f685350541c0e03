import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lte, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authSessions, refreshTokens, users } from '../db/schema.ts';
import type { UserRow } from './users-repository.ts';

export type RevokeReason =
  'logout' | 'reuse' | 'password_change' | 'email_change' | 'password_reset';

const TOKEN_PREFIX = 'swr_';
/** A 256-bit random secret needs no slow hash: SHA-256 cannot be brute-forced back. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const newSecret = () => `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
/**
 * Two tabs of one browser share the stored refresh token and may both spend it within the same
 * moment; a second use this soon after the rotation gets the successor already issued instead
 * of ending the session (the "reuse interval" of common identity providers), so however many
 * uses there are, the family stays one chain (issue 37, finding 4). Later reuse still revokes
 * the family.
 */
export const REUSE_GRACE_MS = 10_000;

export type RotateResult =
  | { kind: 'rotated'; userId: number; sessionId: string; refresh: string }
  | { kind: 'reused' }
  /** The session is older than its absolute lifetime, whatever its refreshes. */
  | { kind: 'expired' }
  | { kind: 'invalid' };

export interface SessionsSettings {
  /** How long one refresh token may wait to be used. */
  refreshTtlSeconds: number;
  /** How long a session lasts from its sign-in, however often it is refreshed. */
  lifetimeSeconds: number;
  /** Server secret that derives each refresh token's successor. */
  successorKey: string;
}

/**
 * Sessions (refresh-token families) and their single-use refresh tokens. `successorKey` (a
 * server secret) derives each token's successor from it, so the successor can be handed out
 * again within the reuse interval although only hashes are stored; without the key nobody can
 * derive it. A session older than `lifetimeSeconds` is over: neither its refresh tokens nor its
 * access tokens work (issue 37, finding 14).
 */
export function createSessionsRepository(db: Db, settings: SessionsSettings) {
  const { refreshTtlSeconds, lifetimeSeconds, successorKey } = settings;
  const expiry = () => new Date(Date.now() + refreshTtlSeconds * 1000);
  /** Sessions started before this are past their lifetime. */
  const oldestLiveStart = (now: Date) => new Date(now.getTime() - lifetimeSeconds * 1000);
  const successorOf = (refresh: string) =>
    `${TOKEN_PREFIX}${createHmac('sha256', successorKey).update(`successor:${refresh}`).digest('base64url')}`;

  async function revokeSession(sessionId: string, reason: RevokeReason): Promise<void> {
    await db
      .update(authSessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  }

  /** The successor of `spent`: the same token however often it is asked for. */
  async function issueSuccessor(
    tx: Pick<Db, 'insert'>,
    spent: string,
    sessionId: string,
    userId: number,
  ): Promise<RotateResult> {
    const refresh = successorOf(spent);
    await tx
      .insert(refreshTokens)
      .values({ tokenHash: hashOf(refresh), sessionId, expiresAt: expiry() })
      .onConflictDoNothing();
    return { kind: 'rotated', userId, sessionId, refresh };
  }

  return {
    /** A new session with its first refresh token; expired leftovers are swept on the way. */
    async start(userId: number): Promise<{ sessionId: string; refresh: string }> {
      const sessionId = crypto.randomUUID();
      const refresh = newSecret();
      await db.transaction(async (tx) => {
        await tx.insert(authSessions).values({ id: sessionId, userId });
        await tx
          .insert(refreshTokens)
          .values({ tokenHash: hashOf(refresh), sessionId, expiresAt: expiry() });
      });
      await this.sweep();
      return { sessionId, refresh };
    },

    /**
     * Spends a refresh token and hands out its successor. A token already spent means someone
     * kept a copy: the whole family is revoked (RFC 9700 §4.14.2).
     */
    async rotate(refresh: string): Promise<RotateResult> {
      if (!refresh.startsWith(TOKEN_PREFIX)) return { kind: 'invalid' };
      const tokenHash = hashOf(refresh);
      const now = new Date();
      const youngEnough = gt(authSessions.createdAt, oldestLiveStart(now));
      const liveSessions = db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(and(isNull(authSessions.revokedAt), youngEnough));
      return db.transaction(async (tx): Promise<RotateResult> => {
        // One conditional UPDATE: of two concurrent uses, exactly one finds rotated_at empty.
        const [spent] = await tx
          .update(refreshTokens)
          .set({ rotatedAt: now })
          .where(
            and(
              eq(refreshTokens.tokenHash, tokenHash),
              isNull(refreshTokens.rotatedAt),
              gt(refreshTokens.expiresAt, now),
              inArray(refreshTokens.sessionId, liveSessions),
            ),
          )
          .returning({ sessionId: refreshTokens.sessionId });
        if (!spent) {
          const [known] = await tx
            .select({ sessionId: refreshTokens.sessionId, rotatedAt: refreshTokens.rotatedAt })
            .from(refreshTokens)
            .where(eq(refreshTokens.tokenHash, tokenHash));
          if (!known) return { kind: 'invalid' };
          const [live] = await tx
            .select({ userId: authSessions.userId, young: sql<boolean>`${youngEnough}` })
            .from(authSessions)
            .where(and(eq(authSessions.id, known.sessionId), isNull(authSessions.revokedAt)));
          if (live && !live.young) return { kind: 'expired' };
          if (!known.rotatedAt) return { kind: 'invalid' };
          if (live && now.getTime() - known.rotatedAt.getTime() <= REUSE_GRACE_MS) {
            return issueSuccessor(tx, refresh, known.sessionId, live.userId);
          }
          await tx
            .update(authSessions)
            .set({ revokedAt: now, revokedReason: 'reuse' })
            .where(and(eq(authSessions.id, known.sessionId), isNull(authSessions.revokedAt)));
          return { kind: 'reused' };
        }
        const [session] = await tx
          .select({ userId: authSessions.userId })
          .from(authSessions)
          .where(eq(authSessions.id, spent.sessionId));
        if (!session) return { kind: 'invalid' };
        return issueSuccessor(tx, refresh, spent.sessionId, session.userId);
      });
    },

    /** Logout: the session the token belongs to ends, whether the token was spent or not. */
    async endByToken(refresh: string): Promise<void> {
      const [row] = await db
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashOf(refresh)));
      if (row) await revokeSession(row.sessionId, 'logout');
    },

    /** Every live session of the user except `keep` (the caller's own, when they change it). */
    async revokeAllOf(userId: number, reason: RevokeReason, keep?: string): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(
          and(
            eq(authSessions.userId, userId),
            isNull(authSessions.revokedAt),
            keep === undefined ? undefined : ne(authSessions.id, keep),
          ),
        );
    },

    /** The user of a live session, and whether the session is live; undefined: no such user. */
    async userOfSession(
      userId: number,
      sessionId: string,
    ): Promise<{ user: UserRow; live: boolean } | undefined> {
      const [row] = await db
        .select({
          user: users,
          revokedAt: authSessions.revokedAt,
          sessionId: authSessions.id,
          createdAt: authSessions.createdAt,
        })
        .from(users)
        .leftJoin(
          authSessions,
          and(eq(authSessions.id, sessionId), eq(authSessions.userId, users.id)),
        )
        .where(eq(users.id, userId));
      if (!row) return undefined;
      const young = row.createdAt !== null && row.createdAt > oldestLiveStart(new Date());
      return { user: row.user, live: row.sessionId !== null && row.revokedAt === null && young };
    },

    /** Expired tokens can neither be used nor reused; sessions left without a live one are over. */
    async sweep(): Promise<void> {
      const now = new Date();
      await db.delete(refreshTokens).where(lte(refreshTokens.expiresAt, now));
      await db.delete(authSessions).where(
        notExists(
          db
            .select({ one: sql`1` })
            .from(refreshTokens)
            .where(eq(refreshTokens.sessionId, authSessions.id)),
        ),
      );
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
