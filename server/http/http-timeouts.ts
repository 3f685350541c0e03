import type { ServerOptions } from 'node:http';
import type { HttpTimeouts } from '../config/config.ts';
import { DEFAULT_HTTP_TIMEOUTS } from '../config/setting-defaults.ts';

/** How often Node looks for requests past their headers or request timeout (its default: 30 s). */
const CHECK_EVERY_MS = 1000;

/**
 * Fastify's and Node's server options for the configured timeouts (issue 37, finding 14): a
 * client sending its headers or body a byte at a time, or holding a silent socket, is cut off
 * within the setting plus a second, not after Node's minutes.
 */
export function serverTimeoutOptions(timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS) {
  const requestTimeout = timeouts.requestSeconds * 1000;
  const http: ServerOptions = {
    headersTimeout: timeouts.headersSeconds * 1000,
    requestTimeout,
    connectionsCheckingInterval: CHECK_EVERY_MS,
  };
  return {
    http,
    // Fastify sets these on the server after creating it.
    requestTimeout,
    connectionTimeout: timeouts.idleSeconds * 1000,
    keepAliveTimeout: timeouts.keepAliveSeconds * 1000,
  };
}
