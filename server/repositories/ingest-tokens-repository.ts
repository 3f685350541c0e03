import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ingestTokens } from '../db/schema.ts';

export type IngestTokenRow = typeof ingestTokens.$inferSelect;

const TOKEN_PREFIX = 'swi_';
/** A 256-bit random secret needs no slow hash: SHA-256 cannot be brute-forced back. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function createIngestTokensRepository(db: Db) {
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
    },

    /** The bridge a live token belongs to, or null. Last use is written at most once a minute. */
    async bridgeOf(token: string): Promise<number | null> {
      if (!token.startsWith(TOKEN_PREFIX)) return null;
      const [row] = await db
        .select()
        .from(ingestTokens)
        .where(and(eq(ingestTokens.tokenHash, hashOf(token)), isNull(ingestTokens.revokedAt)));
      if (!row) return null;
      if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
        await db
          .update(ingestTokens)
          .set({ lastUsedAt: new Date() })
          .where(eq(ingestTokens.id, row.id));
      }
      return row.bridgeId;
    },
  };
}

export type IngestTokensRepository = ReturnType<typeof createIngestTokensRepository>;
