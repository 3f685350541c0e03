import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

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
  rensysUrl: string | undefined;
  production: boolean;
  logLevel: string;
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
    rensysUrl: url(env, 'RENSYS_URL', ['http:', 'https:']),
    production,
    logLevel: env.LOG_LEVEL || (production ? 'info' : 'warn'),
  };
}
