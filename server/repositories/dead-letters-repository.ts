import { desc } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { deadLetters } from '../db/schema.ts';

export type DeadLetterRow = typeof deadLetters.$inferSelect;

export interface DeadLetter {
  source: 'http' | 'mqtt';
  topic?: string | null;
  bridgeId?: number | null;
  streamId?: string | null;
  payload: string;
  reason: string;
}

/** Enough of a payload to see what was wrong, not a store for megabytes a sender got wrong. */
export const MAX_PAYLOAD_CHARS = 4096;
const MAX_TEXT_CHARS = 1000;
/** Rows per INSERT: one statement's parameters stay well below PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 1000;

/**
 * Text a text column can hold: NUL is the one character PostgreSQL refuses, and a dead letter
 * that cannot be written would block the ingest it is meant to unblock.
 */
function storable(text: string, max: number): string {
  // Cut first: the text may be megabytes (NUL → U+FFFD keeps the length).
  // eslint-disable-next-line no-control-regex
  const clean = text.slice(0, max).replace(/\u0000/g, '\ufffd');
  return text.length <= max ? clean : `${clean}… (${text.length} characters in all)`;
}

const optional = (text: string | null | undefined) =>
  text === null || text === undefined ? null : storable(text, MAX_TEXT_CHARS);

/** Items the ingest could not store, kept with the reason (nothing is dropped silently). */
export function createDeadLettersRepository(db: Db) {
  return {
    /** Written in bounded statements; a batch of several thousand never becomes one query. */
    async add(letters: DeadLetter[]): Promise<void> {
      for (let from = 0; from < letters.length; from += ROWS_PER_INSERT) {
        await insert(letters.slice(from, from + ROWS_PER_INSERT));
      }
    },
    list(limit = 100): Promise<DeadLetterRow[]> {
      return db.select().from(deadLetters).orderBy(desc(deadLetters.id)).limit(limit);
    },
  };

  async function insert(letters: DeadLetter[]): Promise<void> {
    await db.insert(deadLetters).values(
      letters.map((letter) => ({
        source: letter.source,
        topic: optional(letter.topic),
        // An id outside int4 (a topic may name any number) is kept in the payload only.
        bridgeId:
          letter.bridgeId !== null &&
          letter.bridgeId !== undefined &&
          letter.bridgeId <= 2_147_483_647
            ? letter.bridgeId
            : null,
        streamId: optional(letter.streamId),
        payload: storable(letter.payload, MAX_PAYLOAD_CHARS),
        reason: storable(letter.reason, MAX_TEXT_CHARS),
      })),
    );
  }
}

export type DeadLettersRepository = ReturnType<typeof createDeadLettersRepository>;
