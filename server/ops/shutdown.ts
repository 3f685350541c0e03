import type { Logger } from './logger.ts';

export interface ShutdownStep {
  name: string;
  stop: () => Promise<unknown>;
}

/**
 * On SIGTERM or SIGINT runs the steps in order (each waits for what it owns to finish: requests
 * in flight, the MQTT batch being written, the job being run) and exits 0, or 1 when a step
 * failed or the whole took longer than `timeoutMs`. A second signal exits at once.
 */
export function stopOnSignals(
  steps: () => ShutdownStep[],
  options: { log: Logger; timeoutMs: number },
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      options.log.warn({ signal }, 'Second signal: exiting without finishing');
      process.exit(1);
    }
    stopping = true;
    options.log.info({ signal }, 'Shutting down');
    const timer = setTimeout(() => {
      options.log.error({ timeoutMs: options.timeoutMs }, 'Shutdown took too long; exiting');
      process.exit(1);
    }, options.timeoutMs);
    timer.unref();
    void runSteps(steps(), options.log).then((ok) => process.exit(ok ? 0 : 1));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

async function runSteps(steps: ShutdownStep[], log: Logger): Promise<boolean> {
  let ok = true;
  for (const step of steps) {
    try {
      await step.stop();
    } catch (error) {
      ok = false;
      log.error({ err: error, step: step.name }, 'A shutdown step failed');
    }
  }
  log.info('Stopped');
  return ok;
}
