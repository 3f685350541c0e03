import { desc } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { deadLetters } from '../db/schema.ts';

export type DeadLetterRow = typeof deadLetters.$inferSelect;

export interface DeadLetter {
  source: string;
  topic: string | null;
  payload: string;
  reason: string;
}

/** Messages the ingest could not store, kept with the reason (nothing is dropped silently). */
export function createDeadLettersRepository(db: Db) {
  return {
    async add(letters: DeadLetter[]): Promise<void> {
      if (letters.length > 0) await db.insert(deadLetters).values(letters);
    },
    list(limit = 100): Promise<DeadLetterRow[]> {
      return db.select().from(deadLetters).orderBy(desc(deadLetters.id)).limit(limit);
    },
  };
}
