/**
 * Defaults of settings whose code lives in higher layers. They sit here, below the
 * configuration, so that config.ts validates settings without importing the ingest, the
 * operations or the sessions it configures (docs/architecture.md: layers only look down).
 */

/** INGEST_GROUP_COMMIT_MS: short next to a gateway's second, long next to a request. */
export const DEFAULT_GROUP_COMMIT_MS = 4;

/** HEAP_GROWTH_PERCENT: the old generation may grow to three times its live size (issue 16). */
export const DEFAULT_HEAP_GROWTH_PERCENT = 200;

/** INGEST_HORIZON_DAYS: days before now that data may reach back, about 10 years. */
export const DEFAULT_HORIZON_DAYS = 3650;

/**
 * log2 of scrypt's N. OWASP's Password Storage Cheat Sheet (2025) asks for N=2^17, r=8, p=1:
 * 128 MiB and ~150-300 ms a hash here. `PASSWORD_HASH_COST` lowers it for tests only.
 */
export const DEFAULT_PASSWORD_HASH_COST = 17;
export const MIN_PASSWORD_HASH_COST = 10;
export const MAX_PASSWORD_HASH_COST = 20;
