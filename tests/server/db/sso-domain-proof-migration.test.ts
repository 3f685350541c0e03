import { afterAll, describe, expect, it, vi } from 'vitest';
import { pgliteAtMigration } from '../../helpers/migrations-before.ts';

// Forty-odd migrations on PGlite, on a machine shared with other test runs.
vi.setConfig({ testTimeout: 300_000 });

// Migration 0048 (decision 071): a domain claimed before proof was asked stays verified, as
// 'before-proof', so sign-ins that work keep working; a new claim is unverified.
describe('migration 0048 (single sign-on domain proof)', () => {
  const database = pgliteAtMigration(48);
  const client = database.client;
  afterAll(async () => {
    await database.close();
  });

  it("keeps existing claims verified as 'before-proof', each with its own challenge", async () => {
    await database.migrateBefore();
    await client.exec(`
      INSERT INTO companies (name) VALUES ('Acme Bridges'), ('Other Crossings');
      INSERT INTO company_sso (company_id, enabled, issuer, client_id) VALUES
        (1, true, 'https://login.acme.example', 'a'), (2, false, 'https://login.other.example', 'o');
      INSERT INTO company_sso_domains (domain, company_id) VALUES ('acme.example', 1), ('acme.test', 1);
    `);
    await database.migrateRest();
    const { rows } = await client.query<{
      domain: string;
      challenge: string;
      verified: boolean;
      verified_method: string;
    }>(
      `SELECT domain, challenge, verified_at IS NOT NULL AS verified, verified_method
       FROM company_sso_domains ORDER BY domain`,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        domain: 'acme.example',
        verified: true,
        verified_method: 'before-proof',
      }),
      expect.objectContaining({
        domain: 'acme.test',
        verified: true,
        verified_method: 'before-proof',
      }),
    ]);
    for (const row of rows) expect(row.challenge).toMatch(/^[\w-]{43}$/);
    expect(rows[0]?.challenge).not.toBe(rows[1]?.challenge);
    // Another company may now claim the domain unverified, but not verify it as well.
    await client.exec(
      `INSERT INTO company_sso_domains (domain, company_id, challenge) VALUES ('acme.test', 2, 't')`,
    );
    await expect(
      client.query(
        `UPDATE company_sso_domains SET verified_at = now(), verified_method = 'dns'
         WHERE company_id = 2`,
      ),
    ).rejects.toThrow(/company_sso_domains_verified_idx/);
    await expect(
      client.query(`UPDATE company_sso_domains SET verified_method = 'dns' WHERE company_id = 2`),
    ).rejects.toThrow(/company_sso_domains_verified_check/);
  });
});
