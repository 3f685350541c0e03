import { afterAll, describe, expect, it, vi } from 'vitest';
import { pgliteAtMigration } from '../../helpers/migrations-before.ts';

// Forty-odd migrations on PGlite, on a machine shared with other test runs.
vi.setConfig({ testTimeout: 300_000 });

// Migration 0043 (decision 060, amended 2026-11-30): in-app and webhook are no longer rule
// channels. They never added anyone, so what each rule did is what it still does.
describe('migration 0043 (rule channels)', () => {
  const database = pgliteAtMigration(43);
  const client = database.client;
  afterAll(async () => {
    await database.close();
  });

  it('keeps email and SMS in their order, and removes the rules that had neither', async () => {
    await database.migrateBefore();
    await client.exec(`
      INSERT INTO companies (name) VALUES ('Acme Bridges');
      INSERT INTO contact_groups (company_id, name) VALUES (1, 'Structures');
      INSERT INTO notification_rules (company_id, min_severity, group_id, channels) VALUES
        (1, 'High', 1, array['sms', 'in_app', 'email']),
        (1, 'Critical', 1, array['webhook', 'in_app']),
        (1, 'Low', 1, array['email']);
    `);
    await database.migrateRest();
    const { rows } = await client.query<{ min_severity: string; channels: string[] }>(
      'SELECT min_severity, channels FROM notification_rules ORDER BY id',
    );
    expect(rows).toEqual([
      { min_severity: 'High', channels: ['sms', 'email'] },
      { min_severity: 'Low', channels: ['email'] },
    ]);
    await expect(
      client.query(
        `INSERT INTO notification_rules (company_id, min_severity, group_id, channels)
         VALUES (1, 'Low', 1, array['in_app'])`,
      ),
    ).rejects.toThrow(/notification_rules_channels_check/);
  });
});
