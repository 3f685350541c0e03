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

/** A step slower than this is named in the log, so a slow shutdown says where it waited. */
const SLOW_STEP_MS = 2000;

async function runSteps(steps: ShutdownStep[], log: Logger): Promise<boolean> {
  let ok = true;
  for (const step of steps) {
    const slow = setTimeout(
      () => log.warn({ step: step.name }, 'Shutdown step still running'),
      SLOW_STEP_MS,
    );
    slow.unref();
    try {
      await step.stop();
    } catch (error) {
      ok = false;
      log.error({ err: error, step: step.name }, 'A shutdown step failed');
    } finally {
      clearTimeout(slow);
    }
  }
  log.info('Stopped');
  return ok;
}

/**
 * Closes the HTTP server: requests in flight may finish for `drainMs`, then every connection is
 * closed. Clients that keep sending on a keep-alive connection would otherwise hold the server
 * open for good; a request cut at that point was never answered, so nothing acknowledged is lost.
 */
export async function closeHttpServer(
  app: { close(): Promise<unknown>; server: { closeAllConnections(): void } },
  drainMs: number,
): Promise<void> {
  const cut = setTimeout(() => app.server.closeAllConnections(), drainMs);
  cut.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}
