import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_HORIZON_DAYS } from './ingest/ingest-limits.ts';
import {
  DEFAULT_PASSWORD_HASH_COST,
  MAX_PASSWORD_HASH_COST,
  MIN_PASSWORD_HASH_COST,
} from './services/passwords.ts';
import {
  parseRateLimit,
  RATE_LIMIT_SETTINGS,
  type RateLimits,
} from './http/rate-limit-settings.ts';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy-setting.ts';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** A postgres:// URL, or undefined for the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  dataEncryptionKey: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** log2 of scrypt's N for new password hashes (default 17, OWASP; lower only in tests). */
  passwordHashCost: number;
  rensysUrl: string | undefined;
  production: boolean;
  logLevel: string;
  /** Where newly raised alerts are POSTed; undefined sends none. */
  alertWebhookUrl: string | undefined;
  /** Seconds between two 'Sensor offline' checks (default 60). */
  sensorOfflineCheckSeconds: number;
  /** Seconds between two looks for bridges with new data to analyse (default 600). */
  analysisIntervalSeconds: number;
  /** Whether this process runs analysis jobs and the scheduler (default true). */
  analysisWorkers: boolean;
  /** Days of simulated sensor history written on the demo's first start (default 30; 0: none). */
  demoHistoryDays: number;
  /** Whether the demo bridges keep sending simulated data while the server runs (default on). */
  demoLiveFeed: boolean;
  /** Days before now that ingested readings may reach back (default 3650, about 10 years). */
  ingestHorizonDays: number;
  /** Which proxies may set X-Forwarded-For (default none). */
  trustProxy: TrustProxy;
  /** Throttles of the anonymous entry points (sign-in, sign-up, contact, refresh). */
  rateLimits: RateLimits;
}

export class ConfigError extends Error {}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new ConfigError(`${name} must be a positive whole number, got '${raw}'`);
  }
  return value;
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'on' || raw === 'off') return raw === 'on';
  throw new ConfigError(`${name} must be 'on' or 'off', got '${raw}'`);
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new ConfigError(`${name} must be a whole number from 0 to ${max}, got '${raw}'`);
  }
  return value;
}

/** A switch that also takes the spellings people type for it: on/off, true/false, 1/0. */
function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['on', 'true', '1'].includes(raw)) return true;
  if (['off', 'false', '0'].includes(raw)) return false;
  throw new ConfigError(`${name} must be on or off (true/false, 1/0), got '${env[name]}'`);
}

function url(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: '${raw}'`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')}`);
  }
  return raw;
}

/** log2 of scrypt's N; below OWASP's 17 only for tests (README, Configuration). */
function passwordHashCost(env: NodeJS.ProcessEnv): number {
  const raw = env.PASSWORD_HASH_COST;
  if (raw === undefined || raw === '') return DEFAULT_PASSWORD_HASH_COST;
  const value = Number(raw);
  if (
    !Number.isInteger(value) ||
    value < MIN_PASSWORD_HASH_COST ||
    value > MAX_PASSWORD_HASH_COST
  ) {
    throw new ConfigError(
      `PASSWORD_HASH_COST must be a whole number from ${MIN_PASSWORD_HASH_COST} to ${MAX_PASSWORD_HASH_COST}, got '${raw}'`,
    );
  }
  return value;
}

/** A setting read by its own parser; the parser's complaint is reported with the name. */
function parsed<T>(
  env: NodeJS.ProcessEnv,
  name: string,
  parse: (raw: string) => T,
  fallback: string,
) {
  const raw = env[name] || fallback;
  try {
    return parse(raw);
  } catch (error) {
    throw new ConfigError(`${name} ${(error as Error).message}, got '${raw}'`);
  }
}

function rateLimits(env: NodeJS.ProcessEnv): RateLimits {
  const entries = Object.entries(RATE_LIMIT_SETTINGS).map(([key, [name, fallback]]) => [
    key,
    parsed(env, name, parseRateLimit, fallback),
  ]);
  return Object.fromEntries(entries) as RateLimits;
}

/**
 * A secret from the environment, or one generated once and kept in the data directory so
 * tokens and sealed passwords survive a restart of the embedded default.
 */
function secret(
  env: NodeJS.ProcessEnv,
  name: string,
  dataDir: string,
  production: boolean,
): string {
  const fromEnv = env[name];
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < 32) throw new ConfigError(`${name} must be at least 32 characters`);
    return fromEnv;
  }
  if (production && env.DATABASE_URL) {
    throw new ConfigError(`${name} must be set in production when DATABASE_URL is used`);
  }
  const file = path.join(dataDir, `${name.toLowerCase()}.key`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(48).toString('base64url');
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

/**
 * INGEST_HORIZON_DAYS, also read on its own by the stand-alone MQTT ingest process. At most a
 * century: every month in reach may get a partition of its own (issue 13, finding 7).
 */
export function ingestHorizonDaysFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const days = positiveInt(env, 'INGEST_HORIZON_DAYS', DEFAULT_HORIZON_DAYS);
  if (days > 36_500) {
    throw new ConfigError(`INGEST_HORIZON_DAYS must be at most 36500 (a century), got ${days}`);
  }
  return days;
}

/** Reads and validates the environment once at start; a bad value stops the process. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const port = positiveInt(env, 'PORT', 8080);
  if (port > 65535) throw new ConfigError(`PORT must be at most 65535, got ${port}`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    jwtSecret: secret(env, 'JWT_SECRET', dataDir, production),
    dataEncryptionKey: secret(env, 'DATA_ENCRYPTION_KEY', dataDir, production),
    accessTokenTtlSeconds: positiveInt(env, 'ACCESS_TOKEN_TTL_SECONDS', 15 * 60),
    refreshTokenTtlSeconds: positiveInt(env, 'REFRESH_TOKEN_TTL_SECONDS', 7 * 24 * 60 * 60),
    passwordHashCost: passwordHashCost(env),
    rensysUrl: url(env, 'RENSYS_URL', ['http:', 'https:']),
    production,
    logLevel: env.LOG_LEVEL || (production ? 'info' : 'warn'),
    alertWebhookUrl: url(env, 'ALERT_WEBHOOK_URL', ['http:', 'https:']),
    sensorOfflineCheckSeconds: positiveInt(env, 'SENSOR_OFFLINE_CHECK_SECONDS', 60),
    analysisIntervalSeconds: positiveInt(env, 'ANALYSIS_INTERVAL_SECONDS', 600),
    analysisWorkers: onOff(env, 'ANALYSIS_WORKERS', true),
    demoHistoryDays: wholeNumber(env, 'DEMO_HISTORY_DAYS', 30, 366),
    demoLiveFeed: flag(env, 'DEMO_LIVE_FEED', true),
    ingestHorizonDays: ingestHorizonDaysFromEnv(env),
    trustProxy: parsed(env, 'TRUST_PROXY', parseTrustProxy, 'false'),
    rateLimits: rateLimits(env),
  };
}
