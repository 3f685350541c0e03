/**
 * Group commit for HTTP ingest (issue 16): gateways send a second of data at a time, and a
 * transaction per request (partition check, COPY, roll-up upsert, commit) caps a node at about a
 * hundred requests a second. Requests checked on their own are queued here for a few
 * milliseconds and written together in one transaction; each caller gets back only its own
 * blocks' outcomes, and only once that transaction is committed.
 */
import type { StreamBlock } from '../readings/block.ts';
import { type IsolatedResult, type Store, storeIsolating } from './isolate-refusals.ts';

export interface GroupCommitOptions {
  /** How long the first queued request waits for others; 0 writes every request on its own. */
  windowMs: number;
  /** A queue holding this many blocks is written at once (a large body goes alone). */
  maxBlocks?: number;
  /** Transactions written at the same time (large bodies use several backends, as COPYs do). */
  maxFlushes?: number;
  /** A request with this many blocks is written on its own at once: it fills a batch alone. */
  soloBlocks?: number;
}

interface Waiter {
  blocks: StreamBlock[];
  resolve: (result: IsolatedResult) => void;
  reject: (error: unknown) => void;
}

export type StoreBlocks = (blocks: StreamBlock[]) => Promise<IsolatedResult>;

/** The part of a joint result that falls in [from, to), renumbered from `from`. */
function sliceResult(all: StreamBlock[], result: IsolatedResult, from: number, to: number) {
  const inside = (i: number) => i >= from && i < to;
  const conflicts = result.conflicts.filter(inside).map((i) => i - from);
  const duplicates = result.duplicates.filter(inside).map((i) => i - from);
  const refused = result.refused
    .filter((r) => inside(r.index))
    .map((r) => ({ ...r, index: r.index - from }));
  const countAt = (i: number) => (all[from + i] as StreamBlock).block.stats.count;
  const notStored = new Set([...conflicts, ...duplicates, ...refused.map((r) => r.index)]);
  let storedSamples = 0;
  for (let i = 0; i < to - from; i += 1) if (!notStored.has(i)) storedSamples += countAt(i);
  const duplicateSamples = duplicates.reduce((sum, i) => sum + countAt(i), 0);
  const { conflictDetails } = result;
  return { storedSamples, duplicateSamples, conflicts, duplicates, refused, conflictDetails };
}

/**
 * A store that writes concurrent callers' blocks together. The joint batch goes through the
 * same bisection as a single request's (isolate-refusals.ts), so a block the database refuses
 * is reported to its own caller and never fails another's; an outage rejects every caller of
 * that transaction, none of whose blocks were committed, so none is acknowledged.
 */
export function groupCommit(store: Store, options: GroupCommitOptions): StoreBlocks {
  if (options.windowMs <= 0) return (blocks) => storeIsolating(store, blocks);
  const maxBlocks = options.maxBlocks ?? 2000;
  const maxFlushes = options.maxFlushes ?? 4;
  const soloBlocks = options.soloBlocks ?? 500;
  let queue: Waiter[] = [];
  let queuedBlocks = 0;
  let timer: NodeJS.Timeout | null = null;
  let flushing = 0;

  async function write(batch: Waiter[]): Promise<void> {
    const all = batch.flatMap((waiter) => waiter.blocks);
    let result: IsolatedResult;
    try {
      result = await storeIsolating(store, all);
    } catch (error) {
      for (const waiter of batch) waiter.reject(error);
      return;
    }
    let from = 0;
    for (const waiter of batch) {
      const to = from + waiter.blocks.length;
      waiter.resolve(sliceResult(all, result, from, to));
      from = to;
    }
  }

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    // With every slot busy the queue keeps growing; the next free slot takes all of it.
    if (queue.length === 0 || flushing >= maxFlushes) return;
    const batch = queue;
    queue = [];
    queuedBlocks = 0;
    flushing += 1;
    void write(batch).finally(() => {
      flushing -= 1;
      // Requests that queued during the write have already waited at least a window.
      if (queue.length > 0) flush();
    });
  }

  return (blocks) => {
    // Joined with others, a large body would only wait and lose the parallel COPYs it gets alone.
    if (blocks.length === 0 || blocks.length >= soloBlocks) return storeIsolating(store, blocks);
    return new Promise<IsolatedResult>((resolve, reject) => {
      queue.push({ blocks, resolve, reject });
      queuedBlocks += blocks.length;
      if (queuedBlocks >= maxBlocks) flush();
      else timer ??= setTimeout(flush, options.windowMs);
    });
  };
}
