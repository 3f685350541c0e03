import { afterAll, describe, expect, it, vi } from 'vitest';
import { pgliteAtMigration } from '../../helpers/migrations-before.ts';

// Twenty-four migrations on PGlite, on a machine shared with other test runs.
vi.setConfig({ testTimeout: 300_000 });

// Migration 0023 (decision 041): a model stored before it becomes its bridge's version 1, active,
// so the bridge keeps scoring with it and its next training is compared against a version.
describe('migration 0023 (reference versions)', () => {
  const database = pgliteAtMigration(23);
  const client = database.client;
  afterAll(async () => {
    await database.close();
  });

  it('makes each stored model its bridge’s active version 1, and bridges without one get none', async () => {
    await database.migrateBefore();
    await client.exec(`
      INSERT INTO companies (name) VALUES ('Acme Bridges');
      INSERT INTO bridges (name, location, company_id) VALUES ('Trained', 'x', 1), ('New', 'y', 1);
      INSERT INTO analysis_models (bridge_id, method, feature_names, model, threshold,
        baseline_start, baseline_end, training_seconds, trained_at)
      VALUES (1, 'autoencoder', '["a.f1"]', '{"version": 1}', 4.5,
        '2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z', 12.5, '2026-04-01T00:00:00Z');
    `);
    await database.migrateRest();
    const { rows } = await client.query<Record<string, unknown>>(
      `SELECT bridge_id, version, status, trained_from, trained_to, windows_used, modes, model,
              training_seconds, accepted_at, accepted_by, reason
       FROM baseline_versions ORDER BY bridge_id`,
    );
    expect(rows).toEqual([
      {
        bridge_id: 1,
        version: 1,
        status: 'active',
        trained_from: new Date('2026-03-01T00:00:00Z'),
        trained_to: new Date('2026-03-31T00:00:00Z'),
        windows_used: 0,
        modes: [],
        model: { version: 1 },
        training_seconds: 12.5,
        accepted_at: new Date('2026-04-01T00:00:00Z'),
        accepted_by: null,
        reason: 'Trained before reference versions were kept (migration 0023)',
      },
    ]);
  });
});
