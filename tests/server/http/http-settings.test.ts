import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config/config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'spanwatch-http-settings-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('TRUST_PROXY (issue 13)', () => {
  it('trusts no proxy by default, so X-Forwarded-For is ignored', () => {
    expect(load({}).trustProxy).toBe(false);
  });

  it.each([
    ['true', true],
    ['off', false],
    ['2', 2],
    ['10.0.0.1, 192.168.0.0/16,::1,loopback', ['10.0.0.1', '192.168.0.0/16', '::1', 'loopback']],
  ])('reads %s', (raw, expected) => {
    expect(load({ TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it.each(['yes please', '10.0.0.1/33', '10.0.0/8', 'proxy.example.ca'])(
    'stops at start on %s, naming the variable',
    (raw) => {
      expect(() => load({ TRUST_PROXY: raw })).toThrow(ConfigError);
      expect(() => load({ TRUST_PROXY: raw })).toThrow(/^TRUST_PROXY must be/);
    },
  );
});

describe('RATE_LIMIT_* (issue 13)', () => {
  it('has defaults for every throttle', () => {
    expect(load({}).rateLimits).toEqual({
      signInPerAddress: { max: 50, windowSeconds: 900 },
      signInPerAccount: { max: 10, windowSeconds: 900 },
      signUpPerAddress: { max: 30, windowSeconds: 3600 },
      contactPerAddress: { max: 30, windowSeconds: 3600 },
      refreshPerAddress: { max: 300, windowSeconds: 900 },
    });
  });

  it('reads count/window', () => {
    const config = load({
      RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '5/30s',
      RATE_LIMIT_SIGN_UP_PER_ADDRESS: '3 / 1d',
    });
    expect(config.rateLimits.signInPerAccount).toEqual({ max: 5, windowSeconds: 30 });
    expect(config.rateLimits.signUpPerAddress).toEqual({ max: 3, windowSeconds: 86400 });
  });

  it.each(['10', '0/15m', '10/15x', '10/0s', '10/8d'])('stops at start on %s', (raw) => {
    expect(() => load({ RATE_LIMIT_CONTACT_PER_ADDRESS: raw })).toThrow(
      /^RATE_LIMIT_CONTACT_PER_ADDRESS must look like 10\/15m/,
    );
  });
});

describe('HTTP_*_TIMEOUT_SECONDS and SESSION_LIFETIME_SECONDS (issue 37, finding 14)', () => {
  it('has timeouts shorter than Node and a 30-day session lifetime by default', () => {
    const config = load({});
    expect(config.httpTimeouts).toEqual({
      headersSeconds: 10,
      requestSeconds: 60,
      idleSeconds: 120,
      keepAliveSeconds: 5,
    });
    expect(config.sessionLifetimeSeconds).toBe(30 * 24 * 3600);
  });

  it('stops at start on a headers timeout longer than the request timeout', () => {
    expect(() =>
      load({ HTTP_HEADERS_TIMEOUT_SECONDS: '90', HTTP_REQUEST_TIMEOUT_SECONDS: '30' }),
    ).toThrow(/^HTTP_HEADERS_TIMEOUT_SECONDS \(90\) must not be longer/);
  });

  it.each(['0', '-5', '1.5', '400000000'])(
    'stops at start on SESSION_LIFETIME_SECONDS=%s',
    (raw) => {
      expect(() => load({ SESSION_LIFETIME_SECONDS: raw })).toThrow(
        /SESSION_LIFETIME_SECONDS must/,
      );
    },
  );
});
