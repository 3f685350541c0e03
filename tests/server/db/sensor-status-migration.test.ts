import { afterAll, describe, expect, it, vi } from 'vitest';
import { pgliteAtMigration } from '../../helpers/migrations-before.ts';

// Seventy-two migrations on PGlite, on a machine shared with other test runs.
vi.setConfig({ testTimeout: 300_000 });

// Migration 0073 (decision 045, 2026-12-03 (g)): every sensor's status history starts with the
// status it had then, from its installation day, marked undated; sensors created later start
// theirs with the status they are created with.
describe('migration 0073 (sensor status history)', () => {
  const database = pgliteAtMigration(72);
  const client = database.client;
  afterAll(async () => {
    await database.close();
  });

  it('gives each sensor one undated row with its status from its installation day', async () => {
    await database.migrateBefore();
    await client.exec(`
      INSERT INTO companies (name) VALUES ('Acme Bridges');
      INSERT INTO bridges (name, location, company_id) VALUES ('Old', 'x', 1);
      INSERT INTO spans (bridge_id, label, length) VALUES (1, 'S1', 30);
      INSERT INTO sensors (bridge_id, span_id, label, type, status, installation_date)
      VALUES (1, 1, 'SG-1', 'strain_gauge', 'active', '2021-03-04'),
             (1, 1, 'SG-2', 'strain_gauge', 'maintenance', '2022-07-08');
    `);
    await database.migrateRest();
    await client.exec(`
      INSERT INTO sensors (bridge_id, span_id, label, type, status, installation_date)
      VALUES (1, 1, 'SG-3', 'strain_gauge', 'faulty', '2026-01-02');
    `);
    const { rows } = await client.query<Record<string, unknown>>(
      `SELECT s.label, c.status, c.effective_at, c.changed_by, c.dated
       FROM sensor_status_changes c JOIN sensors s ON s.id = c.sensor_id ORDER BY s.label`,
    );
    expect(rows).toEqual([
      {
        label: 'SG-1',
        status: 'active',
        effective_at: new Date('2021-03-04T00:00:00Z'),
        changed_by: 'Register status when its history began',
        dated: false,
      },
      {
        label: 'SG-2',
        status: 'maintenance',
        effective_at: new Date('2022-07-08T00:00:00Z'),
        changed_by: 'Register status when its history began',
        dated: false,
      },
      {
        label: 'SG-3',
        status: 'faulty',
        effective_at: new Date('2026-01-02T00:00:00Z'),
        changed_by: 'Recorded when the sensor was created',
        dated: true,
      },
    ]);
  });
});
