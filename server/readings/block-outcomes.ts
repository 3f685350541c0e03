/**
 * What became of each block of a batch: stored, a duplicate of a stored block (a resend), or a
 * conflict with a different stored block of the same data stream and start, which is refused
 * rather than counted as a duplicate (issue 13).
 */
import { StreamKeyed } from './stream-keyed.ts';
import { type Block, type StoreResult, type StreamBlock, valuesOf } from './block.ts';

/** A set of blocks' keys (data stream, start). */
export class BlockKeys extends StreamKeyed<true> {
  static of(rows: Iterable<{ datastreamId: number; ms: number }>): BlockKeys {
    const keys = new BlockKeys();
    for (const row of rows) keys.set(row.datastreamId, row.ms, true);
    return keys;
  }
}

export interface KeyGroups {
  /** Position of the first block of each key: the one written. */
  firsts: number[];
  /** Later blocks of a key in the same batch, compared with the first. */
  repeats: { index: number; first: number }[];
}

export function groupByKey(input: StreamBlock[]): KeyGroups {
  const firstOf = new StreamKeyed<number>();
  const firsts: number[] = [];
  const repeats: KeyGroups['repeats'] = [];
  input.forEach((item, index) => {
    const first = firstOf.get(item.datastreamId, item.block.startMs);
    if (first === undefined) {
      firstOf.set(item.datastreamId, item.block.startMs, index);
      firsts.push(index);
    } else repeats.push({ index, first });
  });
  return { firsts, repeats };
}

/** Whether two blocks with one key hold the same samples (a resend rather than a conflict). */
function sameBlock(a: Block, b: Block): boolean {
  if (a.rateHz !== b.rateHz || a.stats.count !== b.stats.count || a.stats.sum !== b.stats.sum) {
    return false;
  }
  const left = valuesOf(a);
  const right = valuesOf(b);
  return left.every((value, i) => value === right[i]);
}

type Outcome = 'stored' | 'duplicate' | 'conflict';

/**
 * Counts and conflicts of a batch, from the keys written (`fresh`, or 'all' when every first
 * block was) and those found different.
 */
export function outcomesOf(
  input: StreamBlock[],
  { firsts, repeats }: KeyGroups,
  written: {
    fresh: BlockKeys | 'all';
    conflicting: BlockKeys;
    /** Blocks judged before the write (resends inside a stored block), never written. */
    judged?: StreamKeyed<'duplicate' | 'conflict'> | undefined;
  },
): StoreResult {
  const status = new Map<number, Outcome>();
  for (const index of firsts) {
    const { datastreamId, block } = input[index] as StreamBlock;
    const { fresh, conflicting, judged } = written;
    const verdict = judged?.get(datastreamId, block.startMs);
    if (verdict) status.set(index, verdict);
    else if (fresh === 'all' || fresh.has(datastreamId, block.startMs)) status.set(index, 'stored');
    else status.set(index, conflicting.has(datastreamId, block.startMs) ? 'conflict' : 'duplicate');
  }
  for (const { index, first } of repeats) {
    const same = sameBlock(
      (input[index] as StreamBlock).block,
      (input[first] as StreamBlock).block,
    );
    status.set(index, same && status.get(first) !== 'conflict' ? 'duplicate' : 'conflict');
  }
  const result: StoreResult = {
    storedSamples: 0,
    duplicateSamples: 0,
    conflicts: [],
    duplicates: [],
  };
  for (const [index, kind] of status) {
    const count = (input[index] as StreamBlock).block.stats.count;
    if (kind === 'stored') result.storedSamples += count;
    else if (kind === 'duplicate') {
      result.duplicateSamples += count;
      result.duplicates.push(index);
    } else result.conflicts.push(index);
  }
  result.conflicts.sort((a, b) => a - b);
  result.duplicates.sort((a, b) => a - b);
  return result;
}
