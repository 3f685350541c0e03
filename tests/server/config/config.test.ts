import { hostname } from 'node:os';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadSettings } from '../../../server/config/config.ts';
import { stopGraceFor } from '../../../server/analysis/analysis-workers.ts';

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'spanwatch-config-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

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

  it('holds company users to their company by row-level security on PostgreSQL, not on the embedded database, unless SPANWATCH_RLS says', () => {
    const pg = { DATABASE_URL: 'postgres://h/db' };
    expect(loadConfig({ DATA_DIR: tempDir(), ...pg }).rowLevelSecurity).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir() }).rowLevelSecurity).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), ...pg, SPANWATCH_RLS: 'off' }).rowLevelSecurity).toBe(
      false,
    );
    expect(loadConfig({ DATA_DIR: tempDir(), SPANWATCH_RLS: 'on' }).rowLevelSecurity).toBe(true);
  });

  it("hashes passwords at OWASP's scrypt cost unless PASSWORD_HASH_COST says otherwise", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).passwordHashCost).toBe(17);
    expect(loadConfig({ DATA_DIR: tempDir(), PASSWORD_HASH_COST: '12' }).passwordHashCost).toBe(12);
  });

  it("proves single sign-on domains with the system's resolver unless DNS_SERVERS names others", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).dnsServers).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: tempDir(), DNS_SERVERS: '127.0.0.1:5353, [::1]:53,10.0.0.2' })
        .dnsServers,
    ).toEqual(['127.0.0.1:5353', '[::1]:53', '10.0.0.2']);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DNS_SERVERS: 'dns.example' })).toThrow(
      "DNS_SERVERS must be a comma-separated list of IP addresses such as 127.0.0.1:5353, got 'dns.example'",
    );
  });

  it('sends no alert webhook by default and checks for silent sensors every minute', () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({
      alertWebhookUrl: undefined,
      sensorOfflineCheckSeconds: 60,
    });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        ALERT_WEBHOOK_URL: 'https://hooks.example.ca/spanwatch',
        SENSOR_OFFLINE_CHECK_SECONDS: '15',
      }),
    ).toMatchObject({
      alertWebhookUrl: 'https://hooks.example.ca/spanwatch',
      sensorOfflineCheckSeconds: 15,
    });
  });

  it('sends alert emails only with SMTP_URL, from SMTP_FROM, linking to PUBLIC_URL', () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({
      smtpUrl: undefined,
      smtpFrom: 'SpanWatch <alerts@localhost>',
      publicUrl: undefined,
    });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        SMTP_URL: 'smtp://mail.example.ca:587',
        SMTP_FROM: 'Alarms <alarms@example.ca>',
        PUBLIC_URL: 'https://spanwatch.example.ca',
      }),
    ).toMatchObject({
      smtpUrl: 'smtp://mail.example.ca:587',
      smtpFrom: 'Alarms <alarms@example.ca>',
      publicUrl: 'https://spanwatch.example.ca',
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), SMTP_URL: 'http://mail.example.ca' })).toThrow(
      /SMTP_URL must start with smtp: or smtps:/,
    );
  });

  it('escalates unacknowledged alerts after 15 and 60 minutes, reminding every 30, unless set', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).alertEscalation).toEqual({
      tier2Minutes: 15,
      tier3Minutes: 60,
      reminderMinutes: 30,
    });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        ALERT_TIER2_MINUTES: '5',
        ALERT_TIER3_MINUTES: '0',
        ALERT_REMINDER_MINUTES: '2.5',
      }).alertEscalation,
    ).toEqual({ tier2Minutes: 5, tier3Minutes: 0, reminderMinutes: 2.5 });
  });

  it('serves the production build unless WEB_DIR names another one (the QA build)', () => {
    expect(loadSettings({ DATA_DIR: tempDir() }).webDir).toBeUndefined();
    expect(loadSettings({ DATA_DIR: tempDir(), WEB_DIR: 'dist-qa' }).webDir).toBe(
      path.resolve('dist-qa'),
    );
  });

  it('writes 30 days of demo history and keeps the demo live feed on by default', () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({
      demoHistoryDays: 30,
      demoLiveFeed: true,
    });
  });

  it.each([
    [{ DEMO_HISTORY_DAYS: '0', DEMO_LIVE_FEED: 'off' }, 0, false],
    [{ DEMO_HISTORY_DAYS: '7', DEMO_LIVE_FEED: 'false' }, 7, false],
    [{ DEMO_HISTORY_DAYS: '45', DEMO_LIVE_FEED: '0' }, 45, false],
    [{ DEMO_LIVE_FEED: 'ON' }, 30, true],
  ])('reads the demo data settings %j', (env, demoHistoryDays, demoLiveFeed) => {
    expect(loadConfig({ DATA_DIR: tempDir(), ...env })).toMatchObject({
      demoHistoryDays,
      demoLiveFeed,
    });
  });

  it('takes ingested readings from up to about 10 years back by default', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).ingestHorizonDays).toBe(3650);
    expect(loadConfig({ DATA_DIR: tempDir(), INGEST_HORIZON_DAYS: '400' }).ingestHorizonDays).toBe(
      400,
    );
  });

  it('lets the old generation grow to three times its live size unless HEAP_GROWTH_PERCENT says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).heapGrowthPercent).toBe(200);
    expect(loadConfig({ DATA_DIR: tempDir(), HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    expect(() => loadConfig({ DATA_DIR: tempDir(), HEAP_GROWTH_PERCENT: '5000' })).toThrow(
      /HEAP_GROWTH_PERCENT/,
    );
  });

  it('gives the embedded database 16 MB of shared buffers unless PGLITE_SHARED_BUFFERS_MB says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).pgliteSharedBuffersMb).toBe(16);
    expect(
      loadConfig({ DATA_DIR: tempDir(), PGLITE_SHARED_BUFFERS_MB: '128' }).pgliteSharedBuffersMb,
    ).toBe(128);
    expect(() => loadConfig({ DATA_DIR: tempDir(), PGLITE_SHARED_BUFFERS_MB: '0' })).toThrow(
      /PGLITE_SHARED_BUFFERS_MB/,
    );
  });

  it('analyses every 10 minutes with workers on by default, and checks both settings', () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({
      analysisIntervalSeconds: 600,
      analysisWorkers: true,
    });
    expect(
      loadConfig({ DATA_DIR: tempDir(), ANALYSIS_INTERVAL_SECONDS: '60', ANALYSIS_WORKERS: 'off' }),
    ).toMatchObject({ analysisIntervalSeconds: 60, analysisWorkers: false });
    expect(() => loadConfig({ DATA_DIR: tempDir(), ANALYSIS_WORKERS: 'yes' })).toThrow(
      "ANALYSIS_WORKERS must be 'on' or 'off', got 'yes'",
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), ANALYSIS_INTERVAL_SECONDS: '0' })).toThrow(
      ConfigError,
    );
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
    [{ ALERT_WEBHOOK_URL: 'ftp://hooks.example.ca' }, 'ALERT_WEBHOOK_URL must start with http:'],
    [{ ALERT_WEBHOOK_URL: 'hooks' }, 'ALERT_WEBHOOK_URL is not a valid URL'],
    [
      { SENSOR_OFFLINE_CHECK_SECONDS: '-5' },
      'SENSOR_OFFLINE_CHECK_SECONDS must be a positive whole number',
    ],
    [{ ALERT_TIER2_MINUTES: 'soon' }, 'ALERT_TIER2_MINUTES must be a number of minutes from 0'],
    [{ ALERT_REMINDER_MINUTES: '-1' }, 'ALERT_REMINDER_MINUTES must be a number of minutes'],
    [
      { ALERT_TIER2_MINUTES: '30', ALERT_TIER3_MINUTES: '20' },
      'ALERT_TIER3_MINUTES (20) must be longer than ALERT_TIER2_MINUTES (30)',
    ],
    [{ DEMO_HISTORY_DAYS: '-1' }, 'DEMO_HISTORY_DAYS must be a whole number from 0 to 366'],
    [{ DEMO_HISTORY_DAYS: 'a month' }, 'DEMO_HISTORY_DAYS must be a whole number'],
    [{ DEMO_LIVE_FEED: 'sometimes' }, 'DEMO_LIVE_FEED must be on or off'],
    [{ INGEST_HORIZON_DAYS: '0' }, 'INGEST_HORIZON_DAYS must be a positive whole number'],
    [{ INGEST_HORIZON_DAYS: '40000' }, 'INGEST_HORIZON_DAYS must be at most 36500'],
    [{ PASSWORD_HASH_COST: '9' }, 'PASSWORD_HASH_COST must be a whole number from 10 to 20'],
    [{ PASSWORD_HASH_COST: '21' }, 'PASSWORD_HASH_COST must be a whole number from 10 to 20'],
    [
      { NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db' },
      'JWT_SECRET must be set in production',
    ],
    [{ MQTT_URL: 'http://broker:1883' }, 'MQTT_URL must start with mqtt: or mqtts:'],
    [{ MQTT_URL: 'broker' }, 'MQTT_URL is not a valid URL'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of fatal, error, warn, info'],
    [{ ROLES: 'api,web' }, 'ROLES must be a comma-separated list of api, ingest, worker'],
    [{ METRICS_PORT: '99999' }, 'METRICS_PORT must be at most 65535'],
    [{ SHUTDOWN_TIMEOUT_SECONDS: 'soon' }, 'SHUTDOWN_TIMEOUT_SECONDS must be a positive whole'],
    [{ ANALYSIS_JOB_SWEEP_SECONDS: '0' }, 'ANALYSIS_JOB_SWEEP_SECONDS must be a number of seconds'],
    [{ ANALYSIS_JOB_GRACE_SECONDS: 'soon' }, 'ANALYSIS_JOB_GRACE_SECONDS must be a number of'],
    [{ ANALYSIS_STOP_GRACE_SECONDS: 'soon' }, 'ANALYSIS_STOP_GRACE_SECONDS must be a number of'],
    [{ ANALYSIS_STOP_GRACE_SECONDS: '-1' }, 'ANALYSIS_STOP_GRACE_SECONDS must be a number of'],
    [
      { ANALYSIS_STOP_GRACE_SECONDS: '30' },
      'ANALYSIS_STOP_GRACE_SECONDS must be less than SHUTDOWN_TIMEOUT_SECONDS (30), got 30',
    ],
  ])('stops with a clear message on a bad value (%#)', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(message);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'x', MQTT_URL: 'ftp://b' })).toThrow(
      /PORT must be a positive whole number.*; MQTT_URL must start with mqtt:/,
    );
  });

  it("reads how soon a dead worker's analysis job is handed back, defaulting to 5 s and 10 s", () => {
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        ANALYSIS_JOB_SWEEP_SECONDS: '1',
        ANALYSIS_JOB_GRACE_SECONDS: '2.5',
      }).analysisJobLiveness,
    ).toEqual({ sweepIntervalSeconds: 1, graceSeconds: 2.5 });
    expect(loadConfig({ DATA_DIR: tempDir() }).analysisJobLiveness).toEqual({
      sweepIntervalSeconds: 5,
      graceSeconds: 10,
    });
  });

  it("reads how long a stopping worker's analysis job may go on, unset by default", () => {
    const config = (env: NodeJS.ProcessEnv) => loadConfig({ DATA_DIR: tempDir(), ...env });
    expect(config({ ANALYSIS_STOP_GRACE_SECONDS: '0' }).analysisStopGraceSeconds).toBe(0);
    expect(
      config({ SHUTDOWN_TIMEOUT_SECONDS: '9', ANALYSIS_STOP_GRACE_SECONDS: '2.5' })
        .analysisStopGraceSeconds,
    ).toBe(2.5);
    // Unset, the worker takes a third of the shutdown's limit (stopGraceFor): 10 s of 30.
    expect(config({}).analysisStopGraceSeconds).toBeUndefined();
    expect(stopGraceFor(config({}).shutdownTimeoutSeconds ?? 0)).toBe(10_000);
  });

  it('reads the MQTT, role and metrics settings', () => {
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        MQTT_URL: 'mqtt://127.0.0.1:1883',
        MQTT_CLIENT_ID: 'ingest-7',
        MQTT_GROUP: 'north',
        ROLES: 'worker, api',
        METRICS_PORT: '9464',
      }),
    ).toMatchObject({
      mqttUrl: 'mqtt://127.0.0.1:1883',
      mqttClientId: 'ingest-7',
      mqttGroup: 'north',
      roles: ['api', 'worker'],
      metricsPort: 9464,
    });
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({
      mqttUrl: undefined,
      mqttGroup: 'spanwatch',
      roles: ['api', 'ingest', 'worker'],
      metricsPort: undefined,
    });
  });

  it("derives the subscriber's default MQTT client id from the secret, not the host name alone (issue 37, finding 3)", () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).mqttClientId ?? '';
    expect(first).toMatch(new RegExp(`^spanwatch-ingest-${hostname()}-[\\w-]{16}$`));
    // The same on every start with the same secret, another with another secret.
    expect(loadConfig({ DATA_DIR: dir }).mqttClientId).toBe(first);
    expect(loadConfig({ DATA_DIR: tempDir() }).mqttClientId).not.toBe(first);
  });

  it('reads the settings for commands without writing any secret file', () => {
    const dir = path.join(tempDir(), 'data');
    const settings = loadSettings({ DATA_DIR: dir });
    expect(settings).toMatchObject({ dataDir: dir, port: 8080 });
    expect(settings).not.toHaveProperty('jwtSecret');
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });
});
