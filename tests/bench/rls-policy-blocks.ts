// The timing loop the row-level policy benches share (decision 072): blocks of queries under one
// policy set, then the next, the order reversed every other block so neither set always runs
// first; the sets are swapped by running their ALTER POLICY statements. Block -1 is a warm-up,
// not recorded. What each query costs and what is reported stay with each bench.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { projectPath } from '../../server/project-paths.ts';

/** The handle the benches run statements on (the database's, or a transaction's). */
export interface Executes {
  execute(query: ReturnType<typeof sql>): Promise<unknown>;
}

/** A migration's statements that start with `prefix` (its comments taken out), as run there. */
export const migrationStatements = (file: string, prefix: string) =>
  readFileSync(projectPath('server', 'db', 'migrations', file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => statement.startsWith(prefix));

export const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** Smallest, median and largest, two decimals: how the benches report paired ratios. */
export const spread = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return {
    min: Number((sorted[0] ?? NaN).toFixed(2)),
    median: Number(median(values).toFixed(2)),
    max: Number((sorted.at(-1) ?? NaN).toFixed(2)),
  };
};

export interface PolicyBlocks<Set extends string, Name extends string> {
  /** Every recorded time of each query under each set, in ms. */
  times: Record<Set, Record<Name, number[]>>;
  /** Per recorded block, the median over its rounds of the summed times, per set. */
  blockMedians: Record<Set, number>[];
}

/**
 * Runs `blocks` recorded blocks (after one warm-up) of `perBlock` rounds of every query under
 * each set in `order`, reversed on odd blocks; `time(set, name)` times one query once.
 */
export async function runPolicyBlocks<Set extends string, Name extends string>(options: {
  db: Executes;
  sets: Record<Set, string[]>;
  order: Set[];
  names: Name[];
  blocks: number;
  perBlock: number;
  time: (set: Set, name: Name) => Promise<number>;
}): Promise<PolicyBlocks<Set, Name>> {
  const { db, sets, order, names } = options;
  const times = Object.fromEntries(
    order.map((set) => [set, Object.fromEntries(names.map((name) => [name, [] as number[]]))]),
  ) as Record<Set, Record<Name, number[]>>;
  const blockMedians: Record<Set, number>[] = [];
  for (let b = -1; b < options.blocks; b += 1) {
    const blockOrder = b % 2 === 0 ? order : [...order].reverse();
    const blockMedian: Partial<Record<Set, number>> = {};
    for (const set of blockOrder) {
      for (const statement of sets[set]) await db.execute(sql.raw(statement));
      const totals: number[] = [];
      for (let i = 0; i < options.perBlock; i += 1) {
        let total = 0;
        for (const name of names) {
          const ms = await options.time(set, name);
          total += ms;
          if (b >= 0) times[set][name].push(ms);
        }
        totals.push(total);
      }
      blockMedian[set] = median(totals);
    }
    if (b >= 0) blockMedians.push(blockMedian as Record<Set, number>);
  }
  return { times, blockMedians };
}

/** Per recorded block, one set's median over another's. */
export const blockRatios = <Set extends string>(
  blockMedians: Record<Set, number>[],
  over: Set,
  under: Set,
) => blockMedians.map((block) => block[over] / block[under]);
