import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ingestTokens } from '../db/schema.ts';
import { createLookupCache, LOOKUP_CACHE_MS, lookupsChanged } from './lookup-cache.ts';

export type IngestTokenRow = typeof ingestTokens.$inferSelect;

const TOKEN_PREFIX = 'swi_';
/** A 256-bit random secret needs no slow hash: SHA-256 cannot be brute-forced back. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function createIngestTokensRepository(db: Db, cacheMs = LOOKUP_CACHE_MS) {
  // Live tokens only: an unknown or revoked one is looked up each time, so a token made a
  // moment ago works at once.
  const live = createLookupCache<{ id: number; bridgeId: number; lastUsedMs: number }>(
    'tokens',
    cacheMs,
  );
  return {
    /** The token itself is returned here once and never stored. */
    async create(bridgeId: number, name: string): Promise<{ row: IngestTokenRow; token: string }> {
      const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const [row] = await db
        .insert(ingestTokens)
        .values({ bridgeId, name, tokenHash: hashOf(token), prefix: token.slice(0, 10) })
        .returning();
      if (!row) throw new Error('insert into ingest_tokens returned no row');
      return { row, token };
    },

    list(bridgeId: number): Promise<IngestTokenRow[]> {
      return db
        .select()
        .from(ingestTokens)
        .where(eq(ingestTokens.bridgeId, bridgeId))
        .orderBy(desc(ingestTokens.createdAt), desc(ingestTokens.id));
    },

    async revoke(bridgeId: number, id: number): Promise<boolean> {
      const rows = await db
        .update(ingestTokens)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(ingestTokens.id, id),
            eq(ingestTokens.bridgeId, bridgeId),
            isNull(ingestTokens.revokedAt),
          ),
        )
        .returning({ id: ingestTokens.id });
      lookupsChanged('tokens');
      return rows.length > 0;
    },

    /** Every token not revoked, for keeping the MQTT broker's clients in line. */
    listLive(): Promise<{ id: number; bridgeId: number }[]> {
      return db
        .select({ id: ingestTokens.id, bridgeId: ingestTokens.bridgeId })
        .from(ingestTokens)
        .where(isNull(ingestTokens.revokedAt));
    },

    /** Undoes a creation the MQTT broker did not confirm (the secret was never shown). */
    async remove(id: number): Promise<void> {
      await db.delete(ingestTokens).where(eq(ingestTokens.id, id));
      lookupsChanged('tokens');
    },

    /** The bridge a live token belongs to, or null. Last use is written at most once a minute. */
    async bridgeOf(token: string): Promise<number | null> {
      if (!token.startsWith(TOKEN_PREFIX)) return null;
      const hash = hashOf(token);
      const now = Date.now();
      let row = live.get(hash, now);
      if (!row) {
        const generation = live.generation();
        const [found] = await db
          .select({
            id: ingestTokens.id,
            bridgeId: ingestTokens.bridgeId,
            lastUsedAt: ingestTokens.lastUsedAt,
          })
          .from(ingestTokens)
          .where(and(eq(ingestTokens.tokenHash, hash), isNull(ingestTokens.revokedAt)));
        if (!found) return null;
        row = { ...found, lastUsedMs: found.lastUsedAt?.getTime() ?? 0 };
        live.set(hash, row, now, generation);
      }
      if (now - row.lastUsedMs > 60_000) {
        row.lastUsedMs = now;
        await db
          .update(ingestTokens)
          .set({ lastUsedAt: new Date(now) })
          .where(eq(ingestTokens.id, row.id));
      }
      return row.bridgeId;
    },
  };
}

export type IngestTokensRepository = ReturnType<typeof createIngestTokensRepository>;
