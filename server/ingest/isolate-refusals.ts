/**
 * One item the checks let through may still be refused by the database (a stream deleted a
 * moment ago, a constraint added later). Such a batch is split in halves until the refused
 * items stand alone; they are reported with the database's reason and the rest is stored
 * (issue 13, finding 1). An outage is not a refusal: it is thrown, so the sender retries.
 */
import type { StoreResult, StreamBlock } from '../readings/block.ts';
import { StreamKeyed } from '../readings/stream-keyed.ts';

export interface Refusal {
  /** Position in the stored batch. */
  index: number;
  detail: string;
}

export interface IsolatedResult extends StoreResult {
  refused: Refusal[];
}

/** SQLSTATE classes that say "try again": connection, rollback (deadlock, serialisation),
 * insufficient resources, operator intervention, system error. */
const TRANSIENT_CLASSES = new Set(['08', '40', '53', '57', '58']);

interface DatabaseFailure {
  code: string;
  message: string;
}

/** The server's error in the chain drizzle and the drivers wrap it in (it carries a severity). */
function databaseFailureOf(error: unknown): DatabaseFailure | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, severity, message } = current as Record<string, unknown>;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string') {
      return { code, message: typeof message === 'string' ? message : '' };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * A failure caused by the items themselves: the database refused their content, or encoding
 * them failed. Anything else (a lost connection, a server shutting down) is an outage.
 */
function refusalOf(error: unknown): string | null {
  const failure = databaseFailureOf(error);
  if (failure) {
    if (TRANSIENT_CLASSES.has(failure.code.slice(0, 2))) return null;
    return `the database refused this item (SQLSTATE ${failure.code}): ${failure.message}`;
  }
  if (error instanceof TypeError || error instanceof RangeError) {
    return `this item could not be encoded: ${error.message}`;
  }
  return null;
}

export type Store = (blocks: StreamBlock[]) => Promise<StoreResult>;

/** Stores `blocks`, bisecting around the ones the database refuses. */
export async function storeIsolating(
  store: Store,
  blocks: StreamBlock[],
  offset = 0,
): Promise<IsolatedResult> {
  try {
    const result = await store(blocks);
    return {
      ...result,
      conflicts: result.conflicts.map((i) => i + offset),
      duplicates: result.duplicates.map((i) => i + offset),
      refused: [],
    };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal === null) throw error;
    if (blocks.length === 1) {
      return {
        storedSamples: 0,
        duplicateSamples: 0,
        conflicts: [],
        duplicates: [],
        refused: [{ index: offset, detail: refusal }],
      };
    }
    const middle = Math.ceil(blocks.length / 2);
    const left = await storeIsolating(store, blocks.slice(0, middle), offset);
    const right = await storeIsolating(store, blocks.slice(middle), offset + middle);
    return {
      storedSamples: left.storedSamples + right.storedSamples,
      duplicateSamples: left.duplicateSamples + right.duplicateSamples,
      conflicts: [...left.conflicts, ...right.conflicts],
      conflictDetails: StreamKeyed.merged(left.conflictDetails, right.conflictDetails),
      duplicates: [...left.duplicates, ...right.duplicates],
      refused: [...left.refused, ...right.refused],
    };
  }
}
