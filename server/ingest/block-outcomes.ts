/**
 * What became of each block of a batch: stored, a duplicate of a stored block (a resend), or a
 * conflict with a different stored block of the same data stream and start, which is refused
 * rather than counted as a duplicate (issue 13).
 */
import type { StoreResult, StreamBlock } from '../readings/readings-repository.ts';
import { type Block, valuesOf } from './block-validation.ts';

export const keyOf = (datastreamId: number, ms: number) => `${datastreamId}:${ms}`;

export interface KeyGroups {
  /** Position of the first block of each key: the one written. */
  firsts: number[];
  /** Later blocks of a key in the same batch, compared with the first. */
  repeats: { index: number; first: number }[];
}

export function groupByKey(input: StreamBlock[]): KeyGroups {
  const firstOf = new Map<string, number>();
  const repeats: KeyGroups['repeats'] = [];
  input.forEach((item, index) => {
    const key = keyOf(item.datastreamId, item.block.startMs);
    const first = firstOf.get(key);
    if (first === undefined) firstOf.set(key, index);
    else repeats.push({ index, first });
  });
  return { firsts: [...firstOf.values()], repeats };
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

/** Counts and conflicts of a batch, from the keys written (`fresh`) and found different. */
export function outcomesOf(
  input: StreamBlock[],
  { firsts, repeats }: KeyGroups,
  written: { fresh: Set<string>; conflicting: Set<string> },
): StoreResult {
  const status = new Map<number, Outcome>();
  for (const index of firsts) {
    const { datastreamId, block } = input[index] as StreamBlock;
    const key = keyOf(datastreamId, block.startMs);
    if (written.fresh.has(key)) status.set(index, 'stored');
    else status.set(index, written.conflicting.has(key) ? 'conflict' : 'duplicate');
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
