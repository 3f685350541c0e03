import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteAtMigration } from '../../helpers/migrations-before.ts';

// Migration 0022 turns the company text of today's users into companies and gives every bridge
// one (decision 040): this builds a database of before, writes rows into it, and migrates.
describe('migration 0022 (companies)', () => {
  const database = pgliteAtMigration(22);
  const client = database.client;

  beforeAll(async () => {
    await database.migrateBefore();
    await client.exec(`
      INSERT INTO users (username, email, password_hash, company, address) VALUES
        ('ann', 'ann@a.ca', 'x', 'Acme Bridges', 'a'),
        ('bob', 'bob@a.ca', 'x', '  acme bridges ', 'b'),
        ('cat', 'cat@c.ca', 'x', 'City of Ottawa', 'c'),
        ('dan', 'dan@c.ca', 'x', 'City of Ottawa', 'd'),
        ('eve', 'eve@c.ca', 'x', 'City of Ottawa', 'e');
      INSERT INTO bridges (name, location) VALUES
        ('Acme only', 'x'), ('Mostly Ottawa', 'x'), ('Nobody''s', 'x'), ('Tie', 'x');
      INSERT INTO user_bridges (user_id, bridge_id) VALUES
        (1, 1), (2, 1),
        (1, 2), (3, 2), (4, 2),
        (2, 4), (5, 4);
    `);
    await database.migrateRest();
  }, 120_000);

  afterAll(async () => {
    await database.close();
  });

  it('makes one company per distinct name of the users, kept in the first spelling', async () => {
    const { rows } = await client.query<{ name: string; users: string }>(`
      SELECT c.name, string_agg(u.username, ',' ORDER BY u.username) AS users
      FROM companies c LEFT JOIN users u ON u.company_id = c.id
      GROUP BY c.name ORDER BY c.name`);
    expect(rows).toEqual([
      { name: 'Acme Bridges', users: 'ann,bob' },
      { name: 'City of Ottawa', users: 'cat,dan,eve' },
      { name: 'Unassigned bridges (migration 0022)', users: null },
    ]);
  });

  it('gives each bridge the company of most of its assigned users, or the default one', async () => {
    const { rows } = await client.query<{ bridge: string; company: string }>(`
      SELECT b.name AS bridge, c.name AS company
      FROM bridges b JOIN companies c ON c.id = b.company_id ORDER BY b.id`);
    expect(rows).toEqual([
      { bridge: 'Acme only', company: 'Acme Bridges' },
      { bridge: 'Mostly Ottawa', company: 'City of Ottawa' },
      { bridge: "Nobody's", company: 'Unassigned bridges (migration 0022)' },
      // One user of each: the company made first (Acme, the earlier user's) takes it.
      { bridge: 'Tie', company: 'Acme Bridges' },
    ]);
  });

  it('leaves no user or bridge without a company', async () => {
    await expect(
      client.exec(`INSERT INTO bridges (name, location) VALUES ('Orphan', 'x')`),
    ).rejects.toThrow(/company_id/);
  });
});
