import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/client.ts';
import { startPeriodicJob, type PeriodicJob } from '../ops/periodic-job.ts';
import { type PackCursors, type PackProgress, packStoredArrays } from './pack-stored-arrays.ts';

/** Between two batches: the ingest's statements, queued on the same database, go first. */
const PAUSE_MS = 20;
/** A progress line at most this often while a pass runs. */
const PROGRESS_EVERY_MS = 60_000;

export type ArrayPacking = PeriodicJob<PackProgress>;

const describe = (totals: PackProgress) =>
  `${totals.blocks} blocks (${totals.samples} samples) packed, ${totals.unpackable} left as arrays`;

/**
 * The migration of stored arrays to packed blocks (pack-stored-arrays.ts) on the schedules'
 * timetable (server/ops/periodic-job.ts), in the process leading the schedules: the embedded
 * database can be opened by the server alone, so it is the server that migrates it. A pass
 * stops between two batches when the server stops; the next start takes up what is left.
 */
export function startArrayPacking(
  db: Db,
  options: { leads?: () => boolean; log: (message: string) => void; intervalMs?: number },
): ArrayPacking {
  let stopping = false;
  const cursors: PackCursors = new Map();
  const job = startPeriodicJob({
    ...options,
    pass: async () => {
      let loggedAt = performance.now();
      const totals = await packStoredArrays(db, {
        cursors,
        stopped: () => stopping,
        pause: () => sleep(PAUSE_MS),
        onBatch: (running) => {
          if (performance.now() - loggedAt < PROGRESS_EVERY_MS) return;
          loggedAt = performance.now();
          options.log(`Packing stored arrays: ${describe(running)} so far`);
        },
      });
      if (totals.blocks + totals.unpackable > 0) {
        options.log(`Packing stored arrays: ${describe(totals)}`);
      }
      return totals;
    },
    idle: () => ({ blocks: 0, samples: 0, unpackable: 0 }),
    failure: 'Packing stored arrays failed',
  });
  return {
    runOnce: job.runOnce,
    async stop() {
      stopping = true;
      await job.stop();
    },
  };
}
