import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contactMessages } from '../db/schema.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export function createContactRepository(db: Db) {
  return {
    async create(values: typeof contactMessages.$inferInsert) {
      const [row] = await db.insert(contactMessages).values(values).returning();
      if (!row) throw new Error('insert into contact_messages returned no row');
      return row;
    },
    async list() {
      return db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
    },
    /** Marks it handled (keeping the first time) or open again; undefined when there is none. */
    async setHandled(id: number, handled: boolean) {
      const [row] = await db
        .update(contactMessages)
        .set({ handledAt: handled ? sql`coalesce(${contactMessages.handledAt}, now())` : null })
        .where(eq(contactMessages.id, id))
        .returning();
      return row;
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
