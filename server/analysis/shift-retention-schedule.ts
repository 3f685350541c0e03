import type { Db } from '../db/client.ts';
import { startPeriodicJob, type PeriodicJob } from '../ops/periodic-job.ts';
import { DAY_MS } from './analysis-rules.ts';
import { averageShiftDaysBefore, FULL_RESOLUTION_DAYS } from './shift-retention.ts';

/** One pass returns the day rows written. */
export type ShiftRetention = PeriodicJob<number>;

/**
 * The reference shift's retention on the schedules' timetable (server/ops/periodic-job.ts).
 * Always on: it keeps what the chart and the latches need.
 */
export function startShiftRetention(
  db: Db,
  options: {
    leads?: () => boolean;
    log: (message: string) => void;
    intervalMs?: number;
    now?: () => number;
  },
): ShiftRetention {
  const now = options.now ?? Date.now;
  return startPeriodicJob({
    ...options,
    pass: () => averageShiftDaysBefore(db, now() - FULL_RESOLUTION_DAYS * DAY_MS),
    idle: () => 0,
    failure: 'Frequency shift retention failed',
  });
}
