import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { createServices } from '../../../server/services.ts';
import { testConfig } from '../../helpers/test-app.ts';
import { type TestDatabase, createTestDatabase, drivers } from '../../helpers/test-database.ts';

const REFUSED_NAME = 'refused-by-check';
const COMPANY_PASSWORD = 'rensys-secret-42';

/** Issue 13, finding 9: the log line of a failed insert held the password hash and sealed secret. */
describe.each(drivers)('logs of a failed statement on %s', (kind) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    // The database itself refuses the row, as it would on any constraint the code missed.
    await testDb.database.db.execute(
      sql.raw(
        `ALTER TABLE users ADD CONSTRAINT users_test_refusal CHECK (username <> '${REFUSED_NAME}')`,
      ),
    );
    const config = { ...testConfig, logLevel: 'error' };
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    app = await buildApp({ config, database: testDb.database, logStream });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  it('keeps the statement but no bound value, hash or sealed secret', async () => {
    const services = createServices({ ...testConfig }, testDb.database);
    const staff = await services.users.create({
      username: 'staff-logger',
      email: 'staff-logger@example.ca',
      passwordHash: await services.passwords.hash('correct-horse-9'),
      isStaff: true,
      company: 'C',
      address: 'A',
    });
    const { access } = await services.sessions.start(staff.id);

    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { authorization: `Bearer ${access}` },
      payload: {
        username: REFUSED_NAME,
        email: 'refused@example.ca',
        password: 'girder-strong-1',
        company: 'Prairie Bridges Ltd',
        address: '12 Main St',
        companyUsername: 'prairie-ops',
        companyPassword: COMPANY_PASSWORD,
      },
    });

    expect(response.statusCode).toBe(500);
    const log = lines.join('\n');
    // The failure is logged, with the statement, so the test cannot pass by logging nothing.
    const entry = lines.find((line) => line.includes('unhandled error'));
    const { err } = JSON.parse(entry ?? '{}') as { err?: { message?: string } };
    expect(err?.message).toMatch(/^Failed query: insert into "users"/);
    expect(err?.message).toContain('users_test_refusal');
    // ...but none of the row's values: no hash, no sealed or clear company password, no email.
    expect(log).not.toMatch(/scrypt\$/);
    expect(log).not.toMatch(/v1\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+\./);
    expect(log).not.toContain(COMPANY_PASSWORD);
    expect(log).not.toContain('refused@example.ca');
    expect(log).not.toContain('Failing row contains');
  });
});
