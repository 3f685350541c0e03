import { pino, type Logger, type LoggerOptions } from 'pino';
import type { AppConfig } from '../config/config.ts';
import { safeErrorSerializer } from '../db/redact-error.ts';

export type { Logger };

/**
 * The process's one logger: Fastify logs requests through it, and background work (jobs, the
 * scheduler, the MQTT ingest, the demo feed) through child loggers that name their part and the
 * bridge or job they work on, e.g. `logger.child({ component: 'analysis', bridgeId })`.
 */
export function createLogger(config: Pick<AppConfig, 'logLevel'>): Logger {
  return pino(loggerOptions(config));
}

/** Level, redaction and the error serializer, shared by the process's and a test app's logger. */
export function loggerOptions(config: Pick<AppConfig, 'logLevel'>) {
  return {
    level: config.logLevel,
    redact: [
      'req.headers.authorization',
      'req.body.password',
      'req.body.current_password',
      'req.body.companyPassword',
      'req.body.refresh',
    ],
    // A failed statement's bound values and row details may hold hashes and sealed secrets.
    serializers: { err: safeErrorSerializer },
  } satisfies LoggerOptions;
}

/** A `(message) => void` for the modules that take a plain log function. */
export function logTo(logger: Logger, level: 'info' | 'warn' | 'error' = 'info') {
  return (message: string) => logger[level](message);
}
