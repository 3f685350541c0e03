import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHmac, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseRateLimit, RATE_LIMIT_SETTINGS, type RateLimits } from './rate-limit-settings.ts';
import { parseTrustProxy, type TrustProxy } from './trust-proxy-setting.ts';
import {
  type AlertDeliverySettings,
  DEFAULT_ALERT_DELIVERY,
  DEFAULT_GROUP_COMMIT_MS,
  DEFAULT_HEAP_GROWTH_PERCENT,
  DEFAULT_PGLITE_SHARED_BUFFERS_MB,
  DEFAULT_HORIZON_DAYS,
  DEFAULT_HTTP_TIMEOUTS,
  DEFAULT_JOB_LIVENESS,
  DEFAULT_PASSWORD_HASH_COST,
  DEFAULT_SESSION_LIFETIME_SECONDS,
  MAX_PASSWORD_HASH_COST,
  MIN_PASSWORD_HASH_COST,
} from './setting-defaults.ts';

/** What one process does; `npm start` runs all three (see docs/decisions/011-runtime-roles-and-operations.md). */
export const ROLES = ['api', 'ingest', 'worker'] as const;
export type Role = (typeof ROLES)[number];

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
  /** How long a sign-in lasts, however often it is refreshed (default 30 days). */
  sessionLifetimeSeconds?: number;
  /** The HTTP server's timeouts (default DEFAULT_HTTP_TIMEOUTS). */
  httpTimeouts?: HttpTimeouts;
  /** log2 of scrypt's N; below OWASP's 17 only for tests (docs/configuration.md). */
  passwordHashCost: number;
  rensysUrl: string | undefined;
  production: boolean;
  logLevel: string;
  /** The built web app to serve; undefined: the production build in dist/. */
  webDir?: string | undefined;
  /** Where newly raised alerts are POSTed; undefined sends none. */
  alertWebhookUrl: string | undefined;
  /** The SMTP server alert emails go through (smtp:// or smtps://); undefined sends none. */
  smtpUrl?: string | undefined;
  /** The From of alert emails (default `SpanWatch <alerts@localhost>`). */
  smtpFrom?: string;
  /**
   * The SMS provider of alert texts (a Twilio-shaped REST API: SMS_BASE_URL, SMS_ACCOUNT_SID,
   * SMS_AUTH_TOKEN, SMS_FROM); undefined sends none. docs/decisions/042-in-app-notifications-and-sms.md
   */
  sms?: { baseUrl: string; accountSid: string; authToken: string; from: string } | undefined;
  /** Where people reach the dashboard, for the links in notifications (default http://localhost:PORT). */
  publicUrl?: string | undefined;
  /**
   * The DNS servers that prove a company's email domain (DNS_SERVERS, comma-separated, such as
   * `127.0.0.1:5353`); undefined: the system's resolver. docs/decisions/071-proving-sso-domains.md
   */
  dnsServers?: string[] | undefined;
  /**
   * When an unacknowledged alert reaches tiers 2 and 3 and how often it is repeated, in minutes
   * (defaults 15, 60 and 30; reminders 0: none). docs/decisions/036-escalation-and-acknowledge-links.md
   */
  alertEscalation?: { tier2Minutes: number; tier3Minutes: number; reminderMinutes: number };
  /**
   * How alert notifications are retried (decision 055): a send's timeout (the claim on a row is
   * 3 times it), pg-boss's first retry delay (doubling) and retry limit on PostgreSQL, the pass
   * over unsent rows on the embedded database. Defaults 30 s, 5 s, 8 and 30 s.
   */
  alertDelivery?: AlertDeliverySettings;
  /** Seconds between two 'Sensor offline' checks (default 60). */
  sensorOfflineCheckSeconds: number;
  /** Seconds between two looks for bridges with new data to analyse (default 600). */
  analysisIntervalSeconds: number;
  /** Whether this process runs analysis jobs and the scheduler (default true). */
  analysisWorkers: boolean;
  /**
   * Whether a company administrator's or operator's request runs held to its company by
   * row-level security (SPANWATCH_RLS; default on with PostgreSQL, off on the embedded database;
   * decision 072).
   */
  rowLevelSecurity?: boolean;
  /** Days of simulated sensor history written on the demo's first start (default 30; 0: none). */
  demoHistoryDays: number;
  /** Whether the demo bridges keep sending simulated data while the server runs (default on). */
  demoLiveFeed: boolean;
  /** Days before now that ingested readings may reach back (default 3650, about 10 years). */
  ingestHorizonDays: number;
  /** Milliseconds HTTP ingest requests wait to be written together (default 4; 0: one by one). */
  ingestGroupCommitMs?: number;
  /** How far V8's old generation may grow past its live size, in percent (0: V8's own). */
  heapGrowthPercent?: number;
  /** The embedded database's shared_buffers in MB (default 16). */
  pgliteSharedBuffersMb?: number;
  /** Days raw blocks are kept before their monthly partitions are dropped; undefined: forever. */
  rawRetentionDays?: number | undefined;
  /** Days minute roll-ups are kept (at least 30); undefined: forever. Charts use hour rows beyond. */
  minuteRollupRetentionDays?: number | undefined;
  /** Days hour roll-ups are kept (at least the minute ones); undefined: forever. */
  hourRollupRetentionDays?: number | undefined;
  /** Which proxies may set X-Forwarded-For (default none). */
  trustProxy: TrustProxy;
  /** Throttles of the anonymous entry points (sign-in, sign-up, contact, refresh). */
  rateLimits: RateLimits;
  /** The MQTT broker to ingest from; undefined: no MQTT ingest. */
  mqttUrl?: string | undefined;
  /** Stable per ingest process, so the broker keeps its session across restarts. */
  mqttClientId?: string;
  /** Shared-subscription group: ingest processes in one group split the messages. */
  mqttGroup?: string;
  /** The server's own broker credential (the dynamic-security admin with MQTT_DYNSEC). */
  mqttUsername?: string | undefined;
  mqttPassword?: string | undefined;
  /** Whether the server keeps the broker's per-token clients (docs/decisions/010). */
  mqttDynsec?: boolean;
  /** What this process runs (default all three). */
  roles?: readonly Role[];
  /** Port of the Prometheus /metrics listener; undefined: no metrics listener. */
  metricsPort?: number | undefined;
  /** How long SIGTERM may take to finish requests, batches and jobs before exiting 1. */
  shutdownTimeoutSeconds?: number;
  /**
   * How long a stopping worker lets its running analysis job go on before handing it back to the
   * queue; undefined: a third of the shutdown's limit (10 s of 30, `stopGraceFor`).
   */
  analysisStopGraceSeconds?: number | undefined;
  /**
   * How long an analysis job may stay running before PostgreSQL's queue takes it back from a
   * worker that died and hands it to another (default 1800).
   */
  analysisJobTimeoutSeconds?: number;
  /**
   * How often a PostgreSQL worker looks for jobs whose worker's session ended, and how long such
   * a job's lock must stay free before it is handed back (defaults 5 and 10, decision 035).
   */
  analysisJobLiveness?: { sweepIntervalSeconds: number; graceSeconds: number };
}

/** How long the HTTP server waits on a client, in seconds (docs/configuration.md). */
export interface HttpTimeouts {
  /** For a request's headers. */
  headersSeconds: number;
  /** For a whole request, body included. */
  requestSeconds: number;
  /** For a socket on which nothing moves either way. */
  idleSeconds: number;
  /** For the next request on a kept-alive connection. */
  keepAliveSeconds: number;
}

/** The settings without the secrets: what commands other than the server start may read. */
export type AppSettings = Omit<AppConfig, 'jwtSecret' | 'dataEncryptionKey'>;

export class ConfigError extends Error {}

// Each rule reads one variable as the environment gives it (a string or nothing) and says what
// is wrong in words that follow the variable's name: "PORT must be ...".
type Check<T> = (raw: string, fail: (message: string) => never) => T;

function variable<T>(fallback: T, check: Check<T>) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T => {
      if (raw === undefined || raw === '') return fallback;
      try {
        return check(raw, (message) => {
          throw new ConfigError(message);
        });
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    });
}

const positiveInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  variable(fallback, (raw, fail) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0) {
      fail(`must be a positive whole number, got '${raw}'`);
    }
    if (value > max) fail(`must be at most ${max}, got ${value}`);
    return value;
  });

const wholeNumber = (fallback: number, max: number) =>
  variable(fallback, (raw, fail) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0 || value > max) {
      fail(`must be a whole number from 0 to ${max}, got '${raw}'`);
    }
    return value;
  });

const minutes = (fallback: number) =>
  variable(fallback, (raw, fail) => {
    const value = Number(raw);
    // A day at most: an escalation later than that would come after the next shift's handover.
    if (raw.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1440) {
      fail(`must be a number of minutes from 0 to 1440, got '${raw}'`);
    }
    return value;
  });

/** A number of seconds (fractions allowed: tests run the schedule in tenths). */
const seconds = (fallback: number, min: number, max: number) =>
  variable(fallback, (raw, fail) => {
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
      fail(`must be a number of seconds from ${min} to ${max}, got '${raw}'`);
    }
    return value;
  });

const onOff = <Fallback extends boolean | undefined>(fallback: Fallback) =>
  variable<boolean | Fallback>(fallback, (raw, fail) => {
    if (raw === 'on' || raw === 'off') return raw === 'on';
    return fail(`must be 'on' or 'off', got '${raw}'`);
  });

/** A switch that also takes the spellings people type for it: on/off, true/false, 1/0. */
const flag = (fallback: boolean) =>
  variable(fallback, (raw, fail) => {
    const lower = raw.toLowerCase();
    if (['on', 'true', '1'].includes(lower)) return true;
    if (['off', 'false', '0'].includes(lower)) return false;
    return fail(`must be on or off (true/false, 1/0), got '${raw}'`);
  });

const url = (protocols: string[]) =>
  variable<string | undefined>(undefined, (raw, fail) => {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      return fail(`is not a valid URL: '${raw}'`);
    }
    if (!protocols.includes(parsed.protocol)) fail(`must start with ${protocols.join(' or ')}`);
    return raw;
  });

const oneOf = <T extends string>(fallback: T | undefined, allowed: readonly T[]) =>
  variable<T | undefined>(fallback, (raw, fail) => {
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    return fail(`must be one of ${allowed.join(', ')}, got '${raw}'`);
  });

const text = (fallback: string) => variable(fallback, (raw) => raw);

/** A setting with a parser of its own, whose complaint follows the variable's name. */
const parsedBy = <T>(parse: (raw: string) => T, fallback: string) =>
  variable(parse(fallback), (raw, fail) => {
    try {
      return parse(raw);
    } catch (error) {
      return fail(`${(error as Error).message}, got '${raw}'`);
    }
  });

const passwordHashCost = variable(DEFAULT_PASSWORD_HASH_COST, (raw, fail) => {
  const value = Number(raw);
  if (
    !Number.isInteger(value) ||
    value < MIN_PASSWORD_HASH_COST ||
    value > MAX_PASSWORD_HASH_COST
  ) {
    fail(
      `must be a whole number from ${MIN_PASSWORD_HASH_COST} to ${MAX_PASSWORD_HASH_COST}, got '${raw}'`,
    );
  }
  return value;
});

const rateLimitVariables = Object.fromEntries(
  Object.values(RATE_LIMIT_SETTINGS).map(([name, fallback]) => [
    name,
    parsedBy(parseRateLimit, fallback),
  ]),
);

/** Off (keep raw blocks forever) or a number of days; a month's partition goes once all of it is older. */
const retentionDays = variable<number | undefined>(undefined, (raw, fail) => {
  if (raw === 'off') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 36_500) {
    fail(`must be 'off' or a whole number of days from 1 to 36500, got '${raw}'`);
  }
  return value;
});

/**
 * Off (keep them forever) or a number of days, at least MIN_MINUTE_ROLLUP_DAYS: the analysis
 * reads 10-minute means from the minute roll-ups up to 8 days back (sensor-health-check.ts).
 */
const MIN_MINUTE_ROLLUP_DAYS = 30;
const rollupRetentionDays = variable<number | undefined>(undefined, (raw, fail) => {
  if (raw === 'off') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < MIN_MINUTE_ROLLUP_DAYS || value > 36_500) {
    fail(
      `must be 'off' or a whole number of days from ${MIN_MINUTE_ROLLUP_DAYS} to 36500, got '${raw}'`,
    );
  }
  return value;
});

/** `host`, `host:port`, `[v6]` or `[v6]:port`, comma-separated (node:dns's setServers). */
const dnsServers = variable<string[] | undefined>(undefined, (raw, fail) => {
  const servers = raw.split(',').map((server) => server.trim());
  const address =
    /^(?:\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?|\[[\da-f:.]+\](?::\d{1,5})?|[\da-f:]+:[\da-f:.]*)$/i;
  const wrong = servers.find((server) => !address.test(server));
  if (wrong !== undefined) {
    fail(`must be a comma-separated list of IP addresses such as 127.0.0.1:5353, got '${wrong}'`);
  }
  return servers;
});

const roleList = variable<readonly Role[]>(ROLES, (raw, fail) => {
  const names = raw.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(ROLES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) {
    fail(`must be a comma-separated list of ${ROLES.join(', ')}, got '${raw}'`);
  }
  return ROLES.filter((role) => names.includes(role));
});

/** One entry per environment variable the server reads (docs/configuration.md). */
const environmentSchema = z.object({
  PORT: positiveInt(8080, 65535),
  HOST: text('0.0.0.0'),
  DATA_DIR: text('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: positiveInt(7 * 24 * 60 * 60),
  // At most a year: a session is a sign-in, not a credential for ever.
  SESSION_LIFETIME_SECONDS: positiveInt(DEFAULT_SESSION_LIFETIME_SECONDS, 366 * 24 * 60 * 60),
  HTTP_HEADERS_TIMEOUT_SECONDS: positiveInt(DEFAULT_HTTP_TIMEOUTS.headersSeconds, 3600),
  HTTP_REQUEST_TIMEOUT_SECONDS: positiveInt(DEFAULT_HTTP_TIMEOUTS.requestSeconds, 3600),
  HTTP_IDLE_TIMEOUT_SECONDS: positiveInt(DEFAULT_HTTP_TIMEOUTS.idleSeconds, 3600),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: positiveInt(DEFAULT_HTTP_TIMEOUTS.keepAliveSeconds, 3600),
  PASSWORD_HASH_COST: passwordHashCost,
  RENSYS_URL: url(['http:', 'https:']),
  NODE_ENV: text(''),
  WEB_DIR: text(''),
  LOG_LEVEL: oneOf(undefined, ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  ALERT_WEBHOOK_URL: url(['http:', 'https:']),
  SMTP_URL: url(['smtp:', 'smtps:']),
  SMTP_FROM: text('SpanWatch <alerts@localhost>'),
  SMS_BASE_URL: url(['http:', 'https:']),
  SMS_ACCOUNT_SID: text(''),
  SMS_AUTH_TOKEN: text(''),
  SMS_FROM: text(''),
  PUBLIC_URL: url(['http:', 'https:']),
  DNS_SERVERS: dnsServers,
  ALERT_TIER2_MINUTES: minutes(15),
  ALERT_TIER3_MINUTES: minutes(60),
  ALERT_REMINDER_MINUTES: minutes(30),
  ALERT_SEND_TIMEOUT_SECONDS: seconds(DEFAULT_ALERT_DELIVERY.sendTimeoutSeconds, 0.5, 300),
  ALERT_RETRY_DELAY_SECONDS: positiveInt(DEFAULT_ALERT_DELIVERY.retryDelaySeconds, 3600),
  ALERT_RETRY_LIMIT: wholeNumber(DEFAULT_ALERT_DELIVERY.retryLimit, 100),
  ALERT_RETRY_PASS_SECONDS: seconds(DEFAULT_ALERT_DELIVERY.passSeconds, 0.1, 3600),
  SENSOR_OFFLINE_CHECK_SECONDS: positiveInt(60),
  ANALYSIS_INTERVAL_SECONDS: positiveInt(600),
  ANALYSIS_WORKERS: onOff(true),
  SPANWATCH_RLS: onOff(undefined),
  DEMO_HISTORY_DAYS: wholeNumber(30, 366),
  DEMO_LIVE_FEED: flag(true),
  MQTT_URL: url(['mqtt:', 'mqtts:', 'ws:', 'wss:', 'tcp:']),
  MQTT_CLIENT_ID: text(''),
  MQTT_GROUP: text('spanwatch'),
  MQTT_USERNAME: text(''),
  MQTT_PASSWORD: text(''),
  MQTT_DYNSEC: onOff(false),
  // At most a century: every month in reach may get a partition of its own (issue 13).
  INGEST_HORIZON_DAYS: positiveInt(DEFAULT_HORIZON_DAYS, 36_500),
  INGEST_GROUP_COMMIT_MS: wholeNumber(DEFAULT_GROUP_COMMIT_MS, 1000),
  HEAP_GROWTH_PERCENT: wholeNumber(DEFAULT_HEAP_GROWTH_PERCENT, 1000),
  PGLITE_SHARED_BUFFERS_MB: positiveInt(DEFAULT_PGLITE_SHARED_BUFFERS_MB, 1024),
  RAW_RETENTION_DAYS: retentionDays,
  MINUTE_ROLLUP_RETENTION_DAYS: rollupRetentionDays,
  HOUR_ROLLUP_RETENTION_DAYS: rollupRetentionDays,
  TRUST_PROXY: parsedBy(parseTrustProxy, 'false'),
  ...rateLimitVariables,
  ROLES: roleList,
  METRICS_PORT: positiveInt(0, 65535),
  SHUTDOWN_TIMEOUT_SECONDS: positiveInt(30),
  ANALYSIS_JOB_TIMEOUT_SECONDS: positiveInt(1800, 86_400),
  ANALYSIS_JOB_SWEEP_SECONDS: seconds(DEFAULT_JOB_LIVENESS.sweepIntervalSeconds, 0.1, 3600),
  ANALYSIS_JOB_GRACE_SECONDS: seconds(DEFAULT_JOB_LIVENESS.graceSeconds, 0.1, 3600),
  // Unset: a third of SHUTDOWN_TIMEOUT_SECONDS (checkStopGrace keeps a set one below it).
  ANALYSIS_STOP_GRACE_SECONDS: variable<number | undefined>(undefined, (raw, fail) => {
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(value) || value < 0 || value > 3600) {
      fail(`must be a number of seconds from 0 to 3600, got '${raw}'`);
    }
    return value;
  }),
});

function parseEnvironment(env: NodeJS.ProcessEnv) {
  const parsed = environmentSchema.safeParse(env);
  if (parsed.success) {
    checkMqttCredentials(parsed.data);
    checkHttpTimeouts(parsed.data);
    checkRollupRetention(parsed.data);
    checkEscalation(parsed.data);
    checkSms(parsed.data);
    checkStopGrace(parsed.data);
    return parsed.data;
  }
  const messages = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  throw new ConfigError(messages.join('; '));
}

/** The broker settings that only make sense together (docs/decisions/010). */
function checkMqttCredentials(vars: z.infer<typeof environmentSchema>): void {
  if (vars.MQTT_DYNSEC && !vars.MQTT_URL) throw new ConfigError('MQTT_DYNSEC=on needs MQTT_URL');
  if (Boolean(vars.MQTT_USERNAME) !== Boolean(vars.MQTT_PASSWORD)) {
    throw new ConfigError('MQTT_USERNAME and MQTT_PASSWORD must be set together');
  }
  if (vars.MQTT_DYNSEC && !vars.MQTT_USERNAME) {
    throw new ConfigError(
      'MQTT_DYNSEC=on needs MQTT_USERNAME and MQTT_PASSWORD (the dynsec admin)',
    );
  }
}

/** Node refuses a headers timeout longer than the request's, which includes the headers. */
function checkHttpTimeouts(vars: z.infer<typeof environmentSchema>): void {
  if (vars.HTTP_HEADERS_TIMEOUT_SECONDS > vars.HTTP_REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      `HTTP_HEADERS_TIMEOUT_SECONDS (${vars.HTTP_HEADERS_TIMEOUT_SECONDS}) must not be longer than HTTP_REQUEST_TIMEOUT_SECONDS (${vars.HTTP_REQUEST_TIMEOUT_SECONDS})`,
    );
  }
}

/** Charts answer from hour rows where minute rows are gone, so hour rows must outlive them. */
function checkRollupRetention(vars: z.infer<typeof environmentSchema>): void {
  const hours = vars.HOUR_ROLLUP_RETENTION_DAYS;
  if (hours === undefined) return;
  const minutes = vars.MINUTE_ROLLUP_RETENTION_DAYS;
  if (minutes === undefined || hours < minutes) {
    throw new ConfigError(
      `HOUR_ROLLUP_RETENTION_DAYS (${hours}) must not be shorter than MINUTE_ROLLUP_RETENTION_DAYS (${minutes ?? 'off'})`,
    );
  }
}

/** An SMS provider needs its account, its token and a sender, or it could send nothing. */
/**
 * A stopping worker's grace must end within the shutdown's limit, or the process exits 1 with the
 * job still running and not handed back.
 */
function checkStopGrace(vars: z.infer<typeof environmentSchema>): void {
  const grace = vars.ANALYSIS_STOP_GRACE_SECONDS;
  if (grace !== undefined && grace >= vars.SHUTDOWN_TIMEOUT_SECONDS) {
    throw new ConfigError(
      `ANALYSIS_STOP_GRACE_SECONDS must be less than SHUTDOWN_TIMEOUT_SECONDS (${vars.SHUTDOWN_TIMEOUT_SECONDS}), got ${grace}`,
    );
  }
}

function checkSms(vars: z.infer<typeof environmentSchema>): void {
  if (!vars.SMS_BASE_URL) return;
  const missing = (['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const).filter(
    (name) => vars[name].trim() === '',
  );
  if (missing.length > 0) {
    throw new ConfigError(`SMS_BASE_URL is set, so ${missing.join(', ')} must be set too`);
  }
}

/** Tier 3 follows tier 2; 0 turns a tier off. */
function checkEscalation(vars: z.infer<typeof environmentSchema>): void {
  const { ALERT_TIER2_MINUTES: tier2, ALERT_TIER3_MINUTES: tier3 } = vars;
  if (tier2 > 0 && tier3 > 0 && tier3 <= tier2) {
    throw new ConfigError(
      `ALERT_TIER3_MINUTES (${tier3}) must be longer than ALERT_TIER2_MINUTES (${tier2}), or 0 for no tier 3`,
    );
  }
}

function rateLimitsOf(vars: Record<string, unknown>): RateLimits {
  const entries = Object.entries(RATE_LIMIT_SETTINGS).map(([key, [name]]) => [key, vars[name]]);
  return Object.fromEntries(entries) as RateLimits;
}

/** Reads and validates every setting but the secrets; writes nothing (commands use this). */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): AppSettings {
  const vars = parseEnvironment(env);
  const production = vars.NODE_ENV === 'production';
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir: path.resolve(vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    accessTokenTtlSeconds: vars.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: vars.REFRESH_TOKEN_TTL_SECONDS,
    sessionLifetimeSeconds: vars.SESSION_LIFETIME_SECONDS,
    httpTimeouts: {
      headersSeconds: vars.HTTP_HEADERS_TIMEOUT_SECONDS,
      requestSeconds: vars.HTTP_REQUEST_TIMEOUT_SECONDS,
      idleSeconds: vars.HTTP_IDLE_TIMEOUT_SECONDS,
      keepAliveSeconds: vars.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS,
    },
    passwordHashCost: vars.PASSWORD_HASH_COST,
    rensysUrl: vars.RENSYS_URL,
    production,
    webDir: vars.WEB_DIR ? path.resolve(vars.WEB_DIR) : undefined,
    logLevel: vars.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    alertWebhookUrl: vars.ALERT_WEBHOOK_URL,
    smtpUrl: vars.SMTP_URL,
    smtpFrom: vars.SMTP_FROM,
    sms: vars.SMS_BASE_URL
      ? {
          baseUrl: vars.SMS_BASE_URL,
          accountSid: vars.SMS_ACCOUNT_SID,
          authToken: vars.SMS_AUTH_TOKEN,
          from: vars.SMS_FROM,
        }
      : undefined,
    publicUrl: vars.PUBLIC_URL,
    dnsServers: vars.DNS_SERVERS,
    alertEscalation: {
      tier2Minutes: vars.ALERT_TIER2_MINUTES,
      tier3Minutes: vars.ALERT_TIER3_MINUTES,
      reminderMinutes: vars.ALERT_REMINDER_MINUTES,
    },
    alertDelivery: {
      sendTimeoutSeconds: vars.ALERT_SEND_TIMEOUT_SECONDS,
      retryDelaySeconds: vars.ALERT_RETRY_DELAY_SECONDS,
      retryLimit: vars.ALERT_RETRY_LIMIT,
      passSeconds: vars.ALERT_RETRY_PASS_SECONDS,
    },
    sensorOfflineCheckSeconds: vars.SENSOR_OFFLINE_CHECK_SECONDS,
    analysisIntervalSeconds: vars.ANALYSIS_INTERVAL_SECONDS,
    analysisWorkers: vars.ANALYSIS_WORKERS,
    // On with PostgreSQL, the multi-company deployment; off on the embedded database, whose
    // one connection a request's transaction would hold while a worker thread waits on it
    // (decision 072). SPANWATCH_RLS decides either way.
    rowLevelSecurity: vars.SPANWATCH_RLS ?? vars.DATABASE_URL !== undefined,
    demoHistoryDays: vars.DEMO_HISTORY_DAYS,
    demoLiveFeed: vars.DEMO_LIVE_FEED,
    mqttUrl: vars.MQTT_URL,
    mqttClientId: vars.MQTT_CLIENT_ID || undefined,
    mqttGroup: vars.MQTT_GROUP,
    mqttUsername: vars.MQTT_USERNAME || undefined,
    mqttPassword: vars.MQTT_PASSWORD || undefined,
    mqttDynsec: vars.MQTT_DYNSEC,
    ingestHorizonDays: vars.INGEST_HORIZON_DAYS,
    ingestGroupCommitMs: vars.INGEST_GROUP_COMMIT_MS,
    heapGrowthPercent: vars.HEAP_GROWTH_PERCENT,
    pgliteSharedBuffersMb: vars.PGLITE_SHARED_BUFFERS_MB,
    rawRetentionDays: vars.RAW_RETENTION_DAYS,
    minuteRollupRetentionDays: vars.MINUTE_ROLLUP_RETENTION_DAYS,
    hourRollupRetentionDays: vars.HOUR_ROLLUP_RETENTION_DAYS,
    trustProxy: vars.TRUST_PROXY,
    rateLimits: rateLimitsOf(vars),
    roles: vars.ROLES,
    metricsPort: vars.METRICS_PORT === 0 ? undefined : vars.METRICS_PORT,
    shutdownTimeoutSeconds: vars.SHUTDOWN_TIMEOUT_SECONDS,
    analysisStopGraceSeconds: vars.ANALYSIS_STOP_GRACE_SECONDS,
    analysisJobTimeoutSeconds: vars.ANALYSIS_JOB_TIMEOUT_SECONDS,
    analysisJobLiveness: {
      sweepIntervalSeconds: vars.ANALYSIS_JOB_SWEEP_SECONDS,
      graceSeconds: vars.ANALYSIS_JOB_GRACE_SECONDS,
    },
  };
}

/**
 * A secret from the environment, or one generated once and kept in the data directory so
 * tokens and sealed passwords survive a restart of the embedded default.
 */
function secret(env: NodeJS.ProcessEnv, name: string, settings: AppSettings): string {
  const fromEnv = env[name];
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < 32) throw new ConfigError(`${name} must be at least 32 characters`);
    return fromEnv;
  }
  if (settings.production && settings.databaseUrl) {
    throw new ConfigError(`${name} must be set in production when DATABASE_URL is used`);
  }
  const file = path.join(settings.dataDir, `${name.toLowerCase()}.key`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(settings.dataDir, { recursive: true });
  const generated = randomBytes(48).toString('base64url');
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

/**
 * The server start's settings: validated once, with the secrets (generated into DATA_DIR when
 * not given). Only the server start calls this; a bad value stops the process.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const settings = loadSettings(env);
  const jwtSecret = secret(env, 'JWT_SECRET', settings);
  return {
    ...settings,
    jwtSecret,
    dataEncryptionKey: secret(env, 'DATA_ENCRYPTION_KEY', settings),
    mqttClientId: settings.mqttClientId ?? ingestClientId(jwtSecret),
  };
}

/**
 * The subscriber's default MQTT client id: the same on every restart of this host (the broker
 * keeps its session by it), but not guessable from the host name, since whoever connects with
 * it takes the session and its queued readings (issue 37, finding 3).
 */
function ingestClientId(jwtSecret: string): string {
  const host = hostname();
  const suffix = createHmac('sha256', jwtSecret)
    .update(`mqtt-client-id:${host}`)
    .digest('base64url')
    .slice(0, 16);
  return `spanwatch-ingest-${host}-${suffix}`;
}
