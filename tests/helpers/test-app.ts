import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { AppConfig } from '../../server/config/config.ts';
import { createServices, type Services } from '../../server/services.ts';
import { assertMatchesContract } from './contract-validator.ts';
import { borrowTestDatabase } from './database-pool.ts';
import { type DriverKind, truncateAll, type TestDatabase } from './test-database.ts';

/** The company every user made by `createUser` belongs to. */
export const TEST_COMPANY = 'Test Co';

export const testConfig: AppConfig = {
  port: 0,
  host: '127.0.0.1',
  dataDir: '/nonexistent',
  databaseUrl: undefined,
  jwtSecret: 'test-jwt-secret-test-jwt-secret-0123456789',
  dataEncryptionKey: 'test-encryption-key-test-encryption-key-01',
  accessTokenTtlSeconds: 900,
  refreshTokenTtlSeconds: 604800,
  // 2^10 instead of OWASP's 2^17: a hash in ~1 ms, so API tests stay fast (docs/configuration.md).
  passwordHashCost: 10,
  rensysUrl: undefined,
  production: false,
  logLevel: 'silent',
  alertWebhookUrl: undefined,
  sensorOfflineCheckSeconds: 60,
  analysisIntervalSeconds: 600,
  analysisWorkers: true,
  demoHistoryDays: 0,
  demoLiveFeed: false,
  ingestHorizonDays: 3650,
  trustProxy: false,
  // Generous, so tests that sign in or up many times are not throttled; throttle tests lower them.
  rateLimits: {
    signInPerAddress: { max: 10_000, windowSeconds: 900 },
    signInPerAccount: { max: 10_000, windowSeconds: 900 },
    signUpPerAddress: { max: 10_000, windowSeconds: 3600 },
    contactPerAddress: { max: 10_000, windowSeconds: 3600 },
    refreshPerAddress: { max: 10_000, windowSeconds: 900 },
  },
};

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
}

export interface TestContext {
  app: FastifyInstance;
  services: Services;
  /** The test database's URL on PostgreSQL (for a worker process of its own), else undefined. */
  databaseUrl: string | undefined;
  /** Calls the API and checks the answer against the contract before returning it. */
  request<T = unknown>(options: {
    method: string;
    url: string;
    token?: string;
    body?: unknown;
  }): Promise<ApiResponse<T>>;
  createUser(options?: {
    staff?: boolean;
    name?: string;
    password?: string;
  }): Promise<{ id: number; email: string; token: string; refresh: string }>;
}

/**
 * One app per test file and driver, on a database of its own for the file (the worker's, emptied
 * between files: database-pool.ts), truncated before each test.
 * `overrides` swap services (e.g. the bridge-name source); `config` adjusts settings.
 */
export function setupTestApp(
  kind: DriverKind,
  options: {
    config?: Partial<AppConfig>;
    overrides?: (services: Services) => Partial<Services>;
  } = {},
): TestContext {
  let testDb: TestDatabase;
  const context = {} as TestContext;

  beforeAll(async () => {
    testDb = await borrowTestDatabase(kind);
    context.databaseUrl = testDb.url;
    const config = { ...testConfig, ...options.config };
    const base = createServices(config, testDb.database);
    context.services = { ...base, ...options.overrides?.(base) };
    // The app and the test share one set of services, as the handlers and workers of a
    // running server do.
    context.app = await buildApp({ config, services: context.services });
    await context.app.ready();
  });

  afterAll(async () => {
    await context.app?.close();
    await testDb?.drop();
  });

  beforeEach(async () => {
    await truncateAll(testDb.database);
  });

  context.request = async ({ method, url, token, body }) => {
    const response = await context.app.inject({
      method: method as 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const parsed: unknown = response.body === '' ? undefined : response.json();
    assertMatchesContract(method, url, response.statusCode, parsed);
    return { status: response.statusCode, body: parsed as never };
  };

  let counter = 0;
  context.createUser = async ({ staff = false, name, password = 'correct-horse-9' } = {}) => {
    counter += 1;
    const username = name ?? `${staff ? 'staff' : 'user'}${counter}`;
    const email = `${username}@example.ca`;
    const row = await context.services.users.create({
      username,
      email,
      passwordHash: await context.services.passwords.hash(password),
      isStaff: staff,
      company: TEST_COMPANY,
      address: '1 Test Road, Ottawa',
    });
    const { access, refresh } = await context.services.sessions.start(row.id);
    return { id: row.id, email, token: access, refresh };
  };

  return context;
}
