export interface PeriodicJob<T> {
  /** One pass now (the schedule's tick); a pass already running is joined, not doubled. */
  runOnce(): Promise<T>;
  /** Stops the schedule and waits for a pass in flight. */
  stop(): Promise<void>;
}

/**
 * A housekeeping pass on the schedules' timetable: one a second after start and every
 * `intervalMs` (default an hour), only in the process that leads the schedules (the advisory
 * lock in advisory-lock.ts), never two at once. A pass that fails is logged and returns `idle`,
 * so the next tick tries again and the timer never dies.
 */
export function startPeriodicJob<T>(options: {
  pass: () => Promise<T>;
  /** What a pass not run (a follower) or failed returns. */
  idle: () => T;
  /** The log line's start when a pass fails: "Raw retention failed". */
  failure: string;
  leads?: () => boolean;
  log: (message: string) => void;
  intervalMs?: number;
}): PeriodicJob<T> {
  let running: Promise<T> | null = null;

  function runOnce(): Promise<T> {
    if (running) return running;
    if (options.leads?.() === false) return Promise.resolve(options.idle());
    running = options
      .pass()
      .catch((error: unknown) => {
        options.log(`${options.failure}: ${String(error)}`);
        return options.idle();
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
