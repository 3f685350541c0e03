import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** What a change wrote, in the form the triggers give it: each field's value before and after. */
export interface AuditEntryInput {
  action: 'create' | 'delete';
  objectType: string;
  objectId: string;
  record: string;
  /** The record's fields; written as `{ before, after }` with the other side null. */
  fields: Record<string, string | number | null>;
}

/**
 * Writes one audit entry for a change no trigger can describe: `audit_row` (migration 0006)
 * copies every column, which for a photo would be its bytes as hex. The entry is written in the
 * caller's transaction and only while a request has named its actor, as the trigger does, so a
 * change rolled back leaves no entry and the seed writes none.
 */
export async function writeAuditEntry(
  db: Pick<Db, 'execute'>,
  entry: AuditEntryInput,
): Promise<void> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const [field, value] of Object.entries(entry.fields)) {
    changes[field] =
      entry.action === 'create' ? { before: null, after: value } : { before: value, after: null };
  }
  await db.execute(sql`
    insert into audit_log (actor_id, actor_name, operation, action, object_type, object_id, record, changes)
    select nullif(current_setting('spanwatch.audit_actor_id', true), '')::integer,
           current_setting('spanwatch.audit_actor', true),
           nullif(current_setting('spanwatch.audit_operation', true), ''),
           ${entry.action}, ${entry.objectType}, ${entry.objectId}, ${entry.record},
           ${JSON.stringify(changes)}::jsonb
    where nullif(current_setting('spanwatch.audit_actor', true), '') is not null`);
}
