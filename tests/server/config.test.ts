import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'spanwatch-config-'));

describe('loadConfig', () => {
  it('defaults to port 8080, ./data-style data dir and 15-minute / 7-day tokens', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: dir,
      databaseUrl: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 604800,
    });
  });

  it('generates the secrets once and keeps them in the data directory', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(path.join(dir, 'jwt_secret.key'), 'utf8')).toBe(first.jwtSecret);
    expect(first.dataEncryptionKey).not.toBe(first.jwtSecret);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a positive whole number'],
    [{ PORT: '70000' }, 'PORT must be at most 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres: or postgresql:'],
    [{ RENSYS_URL: 'not a url' }, 'RENSYS_URL is not a valid URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ ACCESS_TOKEN_TTL_SECONDS: '0' }, 'ACCESS_TOKEN_TTL_SECONDS must be a positive whole number'],
    [
      { NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db' },
      'JWT_SECRET must be set in production',
    ],
  ])('stops with a clear message on a bad value (%#)', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(message);
  });
});
