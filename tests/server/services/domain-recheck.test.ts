import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../server/db/schema.ts';
import { createDomainProof } from '../../../server/services/domain-proof.ts';
import { recheckDomainProofs } from '../../../server/services/domain-recheck.ts';
import { type TestDnsServer, startTestDnsServer } from '../../helpers/dns-test-server.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

const DAY = 86_400_000;

let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startTestDnsServer();
});
afterAll(async () => {
  await dns?.close();
});

interface Claim {
  domain: string;
  verified_at: string | null;
  verified_method: string | null;
  challenge_name: string;
  challenge_value: string;
  rechecked_at: string | null;
  recheck_failures: number;
}

// Decision 078: a domain proven by its TXT record is looked up again weekly, daily once the
// record is missing, and the third miss in a row withdraws the proof.
describe.each(drivers)('re-checking single sign-on domain proofs on %s', (kind) => {
  const t = setupTestApp(kind);

  /** Acme with acme.test proven by DNS at `provenAt`, and its administrator's token. */
  async function provenDomain() {
    const row = await t.services.users.create({
      username: 'alice',
      email: 'alice@acme.test',
      passwordHash: await t.services.passwords.hash('long-enough-1'),
      company: 'Acme Bridges',
      address: '1 Road',
    });
    await t.services.users.update(row.id, { isCompanyAdmin: true });
    const user = { id: row.id, token: (await t.services.sessions.start(row.id)).access };
    const company = { id: row.companyId };
    await t.services.companySso.save(company.id, {
      enabled: true,
      issuer: 'https://login.acme.test',
      clientId: 'spanwatch',
      emailDomains: ['acme.test'],
    });
    await t.services.companySso.markVerified(company.id, 'acme.test', 'dns', user.id);
    const claims = async (): Promise<Claim[]> =>
      (
        await t.request<{ domains: Claim[] }>({
          method: 'GET',
          url: `/api/v1/companies/${company.id}/sso`,
          token: user.token,
        })
      ).body.domains;
    const [claim] = await claims();
    if (!claim) throw new Error('acme.test not claimed');
    return { companyId: company.id, claim, claims };
  }

  const pass = (at: number) =>
    recheckDomainProofs({
      db: t.services.database.db,
      claims: t.services.domainRecheck,
      proof: createDomainProof([dns.address], 1000),
      now: () => at,
    });

  it('keeps a proof whose record is still there, and looks again a week later, not before', async () => {
    const { claim, claims } = await provenDomain();
    dns.zone.set(claim.challenge_name, [claim.challenge_value]);
    const proven = Date.parse(claim.verified_at ?? '');

    expect(await pass(proven + 6 * DAY)).toEqual({
      kept: 0,
      failing: 0,
      withdrawn: 0,
      unanswered: 0,
    });
    expect(await pass(proven + 8 * DAY)).toEqual({
      kept: 1,
      failing: 0,
      withdrawn: 0,
      unanswered: 0,
    });
    expect(await claims()).toEqual([
      expect.objectContaining({
        verified_method: 'dns',
        rechecked_at: new Date(proven + 8 * DAY).toISOString(),
        recheck_failures: 0,
      }),
    ]);
    expect((await pass(proven + 10 * DAY)).kept).toBe(0);
  });

  it('withdraws a proof after three daily re-checks without its record, and says so in the audit log', async () => {
    const { companyId, claim, claims } = await provenDomain();
    dns.zone.delete(claim.challenge_name);
    const proven = Date.parse(claim.verified_at ?? '');

    expect((await pass(proven + 8 * DAY)).failing).toBe(1);
    // Still signing people in while the company is warned; looked at again after a day.
    expect(await t.services.companySso.findEnabledByDomain('acme.test')).toBeDefined();
    expect((await pass(proven + 8.5 * DAY)).failing).toBe(0);
    expect((await pass(proven + 9.1 * DAY)).failing).toBe(1);
    expect(await claims()).toEqual([expect.objectContaining({ recheck_failures: 2 })]);
    expect((await pass(proven + 10.2 * DAY)).withdrawn).toBe(1);

    expect(await claims()).toEqual([
      expect.objectContaining({ verified_at: null, verified_method: null, recheck_failures: 3 }),
    ]);
    expect(await t.services.companySso.findEnabledByDomain('acme.test')).toBeUndefined();
    // A withdrawn claim is no longer re-checked: only proofs are.
    expect(await pass(proven + 30 * DAY)).toEqual({
      kept: 0,
      failing: 0,
      withdrawn: 0,
      unanswered: 0,
    });
    const entries = await t.services.database.db
      .select({ actor: auditLog.actorName, operation: auditLog.operation })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.record, 'company_sso_domains'),
          eq(auditLog.operation, 'recheckCompanySsoDomain'),
        ),
      );
    expect(entries).toHaveLength(3);
    expect(entries.every((entry) => entry.actor === 'SpanWatch')).toBe(true);

    // Proven again, the count starts afresh.
    dns.zone.set(claim.challenge_name, [claim.challenge_value]);
    await t.services.companySso.markVerified(companyId, 'acme.test', 'dns', null);
    expect(await claims()).toEqual([
      expect.objectContaining({ verified_method: 'dns', rechecked_at: null, recheck_failures: 0 }),
    ]);
  });

  it('counts nothing against a domain when the DNS server does not answer', async () => {
    const { claim, claims } = await provenDomain();
    dns.zone.set(claim.challenge_name, 'silent');
    const proven = Date.parse(claim.verified_at ?? '');
    expect(await pass(proven + 8 * DAY)).toEqual({
      kept: 0,
      failing: 0,
      withdrawn: 0,
      unanswered: 1,
    });
    expect(await claims()).toEqual([
      expect.objectContaining({ verified_method: 'dns', rechecked_at: null, recheck_failures: 0 }),
    ]);
  });
});
