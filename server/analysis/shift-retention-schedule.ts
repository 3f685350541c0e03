import type { Db } from '../db/client.ts';
import { DAY_MS } from './analysis-rules.ts';
import { averageShiftDaysBefore, FULL_RESOLUTION_DAYS } from './shift-retention.ts';

export interface ShiftRetention {
  /** One pass now (the schedule's tick); returns the day rows written. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The reference shift's retention on the schedule raw retention keeps (raw-retention.ts): a pass
 * at start and every `intervalMs` (default an hour), only in the process that leads the
 * schedules, never two at once. Always on: it keeps what the chart and the latches need.
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
  let running: Promise<number> | null = null;
  const now = options.now ?? Date.now;

  function runOnce(): Promise<number> {
    if (running) return running;
    if (options.leads?.() === false) return Promise.resolve(0);
    running = averageShiftDaysBefore(db, now() - FULL_RESOLUTION_DAYS * DAY_MS)
      .catch((error: unknown) => {
        options.log(`Frequency shift retention failed: ${String(error)}`);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const first = setTimeout(() => void runOnce(), 1000);
  first.unref();
  const timer = setInterval(() => void runOnce(), options.intervalMs ?? 3_600_000);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
