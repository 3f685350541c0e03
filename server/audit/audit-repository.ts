import { type SQL, and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import { namesOfEntries } from './audit-names.ts';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditFilter {
  objectType?: string | undefined;
  objectId?: string | undefined;
  actorId?: number | undefined;
  fromMs?: number | undefined;
  toMs?: number | undefined;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    filter.objectType === undefined ? undefined : eq(auditLog.objectType, filter.objectType),
    filter.objectId === undefined ? undefined : eq(auditLog.objectId, filter.objectId),
    filter.actorId === undefined ? undefined : eq(auditLog.actorId, filter.actorId),
    filter.fromMs === undefined ? undefined : gte(auditLog.at, new Date(filter.fromMs)),
    filter.toMs === undefined ? undefined : lt(auditLog.at, new Date(filter.toMs)),
  ];
  return and(...parts);
}

/**
 * Reads only: the entries are written by the database's triggers (migration 0006) and, for
 * inspection photos, whose bytes no entry may copy, by `writeAuditEntry` (audit-entry.ts).
 */
export function createAuditRepository(db: Db) {
  return {
    async page(
      filter: AuditFilter,
      page: number,
      pageSize: number,
    ): Promise<{ rows: AuditRow[]; total: number }> {
      const where = whereOf(filter);
      const [totals] = await db.select({ total: count() }).from(auditLog).where(where);
      const rows = await db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { rows, total: totals?.total ?? 0 };
    },

    async upTo(filter: AuditFilter, limit: number): Promise<AuditRow[]> {
      return db
        .select()
        .from(auditLog)
        .where(whereOf(filter))
        .orderBy(desc(auditLog.id))
        .limit(limit);
    },

    /** Names of the objects and referenced records of a page of entries (see audit-names.ts). */
    namesOf(rows: readonly AuditRow[]) {
      return namesOfEntries(db, rows);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
