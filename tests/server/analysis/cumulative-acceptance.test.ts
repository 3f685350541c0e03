import { describe, expect, it, vi } from 'vitest';
import { storeVersion } from '../../../server/analysis/reference-training.ts';
import { alphaBridgeCast } from '../../helpers/company-person.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { dayMs, modeWindows, summerTemperature, trainedOn } from './repair-fixtures.ts';
import { DAY } from './reference-shift-fixtures.ts';

vi.setConfig({ hookTimeout: 300_000, testTimeout: 300_000 });

const START = Date.UTC(2026, 5, 1);

// Decision 073, amended 2026-12-01 morning: a bridge stiffening by 0.1 % a retraining passes
// every step (under the 0.25 % allowance) unless each version is also compared with the one an
// engineer last confirmed.
describe.each(drivers)('the cumulative check against the confirmed version on %s', (kind) => {
  const t = setupTestApp(kind);
  const database = () => t.services.database.db;

  /** Version n: 30 days of summer windows, every mode stiffer by `factor`. */
  const store = (bridgeId: number, n: number, factor: number) =>
    storeVersion(
      database(),
      t.services.baselines,
      bridgeId,
      trainedOn(modeWindows(START + n * 30 * dayMs, 30 * DAY, n, summerTemperature, () => factor)),
      null,
    );

  it('says in the stored version where +0.1 % a version passes 0.25 % since commissioning, and an engineer’s acceptance moves the anchor', async () => {
    const { bridgeId, adminA } = await alphaBridgeCast(t);
    expect((await store(bridgeId, 1, 1)).status).toBe('active');
    const second = await store(bridgeId, 2, 1.001);
    const third = await store(bridgeId, 3, 1.002);
    expect([second.status, third.status]).toEqual(['active', 'active']);
    expect(third.reason).not.toMatch(/cumulatively/);
    // No holding rule was eligible on the tuning seeds: accepted, with the drift said.
    const fourth = await store(bridgeId, 4, 1.003);
    expect(fourth.status).toBe('active');
    expect(fourth.reason).toMatch(
      /^Agrees with version 3 .*\. Noted, not held: against version 1, the reference last confirmed, s1-acc\.f1 \+0\.\d+ Hz \(0\.[23]\d %.*, beyond the uncertainty cumulatively since version 1; a reference learnt over part of a year differs from later seasons by as much on healthy bridges \(decision 073\)$/,
    );
    // A version held for another reason (a 2 % loss), which an engineer accepts: the anchor.
    const fifth = await store(bridgeId, 5, 0.983);
    expect(fifth.status).toBe('proposed');
    const accepted = await t.services.baselines.accept(bridgeId, 5, adminA.row.id);
    expect(accepted).toMatchObject({ version: 5, status: 'active' });
    const sixth = await store(bridgeId, 6, 0.984);
    expect(sixth.status).toBe('active');
    expect(sixth.reason).toMatch(/^Agrees with version 5 within the uncertainty/);
    expect(sixth.reason).not.toMatch(/cumulatively/);
    const rows = await t.services.baselines.list(bridgeId);
    expect(rows.map((r) => [r.version, r.status, r.acceptedBy])).toEqual([
      [6, 'active', null],
      [5, 'superseded', adminA.row.id],
      [4, 'superseded', null],
      [3, 'superseded', null],
      [2, 'superseded', null],
      [1, 'superseded', null],
    ]);
  });
});
