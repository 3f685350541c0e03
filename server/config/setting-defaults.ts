/**
 * Defaults of settings whose code lives in higher layers. They sit here, below the
 * configuration, so that config.ts validates settings without importing the ingest, the
 * operations or the sessions it configures (docs/architecture.md: layers only look down).
 */

/** INGEST_GROUP_COMMIT_MS: short next to a gateway's second, long next to a request. */
export const DEFAULT_GROUP_COMMIT_MS = 4;

/** HEAP_GROWTH_PERCENT: the old generation may grow to three times its live size (issue 16). */
export const DEFAULT_HEAP_GROWTH_PERCENT = 200;

/**
 * PGLITE_SHARED_BUFFERS_MB: the embedded database's buffer pool, an eighth of PostgreSQL's
 * default, so the whole server stays under 500 MB (issue 37; docs/decisions/039).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 16;

/**
 * ANALYSIS_JOB_SWEEP_SECONDS and ANALYSIS_JOB_GRACE_SECONDS: a job whose worker died runs again
 * within twice the grace plus the sweep period (docs/decisions/035).
 */
export const DEFAULT_JOB_LIVENESS = { sweepIntervalSeconds: 5, graceSeconds: 10 };

/** INGEST_HORIZON_DAYS: days before now that data may reach back, about 10 years. */
export const DEFAULT_HORIZON_DAYS = 3650;

/**
 * log2 of scrypt's N. OWASP's Password Storage Cheat Sheet (2025) asks for N=2^17, r=8, p=1:
 * 128 MiB and ~150-300 ms a hash here. `PASSWORD_HASH_COST` lowers it for tests only.
 */
export const DEFAULT_PASSWORD_HASH_COST = 17;
export const MIN_PASSWORD_HASH_COST = 10;
export const MAX_PASSWORD_HASH_COST = 20;

/**
 * SESSION_LIFETIME_SECONDS: a sign-in lasts at most 30 days however often its refresh token is
 * renewed (issue 37, finding 14); a stolen refresh chain cannot be kept alive for ever.
 */
export const DEFAULT_SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

/**
 * HTTP_*_TIMEOUT_SECONDS, shorter than Node's defaults (60 s for the headers, 300 s for the
 * request, none for a silent socket) so a slow client holds a connection briefly (issue 37,
 * finding 14). The request's covers its whole body: 64 MiB of ingest at about 1 MB/s.
 */
export const DEFAULT_HTTP_TIMEOUTS = {
  headersSeconds: 10,
  requestSeconds: 60,
  idleSeconds: 120,
  keepAliveSeconds: 5,
} as const;

/**
 * ALERT_SEND_TIMEOUT_SECONDS, ALERT_RETRY_DELAY_SECONDS, ALERT_RETRY_LIMIT,
 * ALERT_RETRY_PASS_SECONDS (decisions 031 and 055): a hung SMTP or SMS exchange ends after
 * 30 s; pg-boss retries after 5 s doubling over 8 retries (about 21 minutes of outage); the
 * embedded database's pass over unsent rows runs every 30 s.
 */
export interface AlertDeliverySettings {
  sendTimeoutSeconds: number;
  retryDelaySeconds: number;
  retryLimit: number;
  passSeconds: number;
}
export const DEFAULT_ALERT_DELIVERY: AlertDeliverySettings = {
  sendTimeoutSeconds: 30,
  retryDelaySeconds: 5,
  retryLimit: 8,
  passSeconds: 30,
};
