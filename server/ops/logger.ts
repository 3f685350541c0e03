import { pino, type Logger } from 'pino';
import type { AppConfig } from '../config.ts';

export type { Logger };

/**
 * The process's one logger: Fastify logs requests through it, and background work (jobs, the
 * scheduler, the MQTT ingest, the demo feed) through child loggers that name their part and the
 * bridge or job they work on, e.g. `logger.child({ component: 'analysis', bridgeId })`.
 */
export function createLogger(config: Pick<AppConfig, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.body.password', 'req.body.companyPassword'],
  });
}

/** A `(message) => void` for the modules that take a plain log function. */
export function logTo(logger: Logger, level: 'info' | 'warn' | 'error' = 'info') {
  return (message: string) => logger[level](message);
}
