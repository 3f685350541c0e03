import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import type { NewBaselineVersion } from '../../../server/analysis/baseline-versions.ts';
import { analysisModels, baselineVersions } from '../../../server/db/schema.ts';
import { alphaBridgeCast } from '../../helpers/company-person.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

vi.setConfig({ hookTimeout: 300_000 });

type Version = components['schemas']['BaselineVersion'];
type Problem = { detail: string };
const DAY = 86_400_000;
const START = Date.UTC(2026, 3, 1);

describe.each(drivers)('baseline versions API on %s', (kind) => {
  const t = setupTestApp(kind);

  /** A bridge of company Alpha with its commissioning version active and a later one proposed. */
  async function scene() {
    const staff = await t.createUser({ staff: true, name: 'engineer' });
    const cast = await alphaBridgeCast(t);
    const version = (days: number, status: 'active' | 'proposed'): NewBaselineVersion => ({
      bridgeId: cast.bridgeId,
      status,
      trainedFrom: new Date(START),
      trainedTo: new Date(START + days * DAY),
      windowsUsed: days * 144,
      windowsExcluded: 0,
      temperatureMin: -3.5,
      temperatureMax: 21,
      modes: [{ feature: 'a.f1', mean_hz: 3.1, uncertainty_hz: 0.002, compensation: null }],
      // What analysis_models needs of a stored model; the detector is never restored here.
      model: {
        version: 1,
        featureNames: ['a.f1'],
        detector: { method: 'mahalanobis', threshold: 7 },
      },
      trainingSeconds: 2,
      acceptedAt: status === 'active' ? new Date() : null,
      acceptedBy: null,
      reason: status === 'active' ? 'Commissioning' : 'A structural alert has been open',
    });
    await t.services.baselines.add(version(30, 'active'));
    await t.services.baselines.add(version(60, 'proposed'));
    return { staff, ...cast };
  }

  const list = (token: string, bridgeId: number) =>
    t.request<Version[] & Problem>({
      method: 'GET',
      url: `/api/v1/bridges/${bridgeId}/baselines`,
      token,
    });
  const accept = (token: string, bridgeId: number, version: number | string) =>
    t.request<Version & Problem>({
      method: 'POST',
      url: `/api/v1/bridges/${bridgeId}/baselines/${version}/accept`,
      token,
    });

  const reject = (token: string, bridgeId: number, version: number | string, body?: unknown) =>
    t.request<Version & Problem>({
      method: 'POST',
      url: `/api/v1/bridges/${bridgeId}/baselines/${version}/reject`,
      token,
      body,
    });

  /** The bridge's history of its versions, as staff read it: action, actor, operation. */
  async function versionAudit(token: string, bridgeId: number) {
    const audit = await t.request<components['schemas']['AuditPage']>({
      method: 'GET',
      url: `/api/v1/audit?object_type=bridge&object_id=${bridgeId}`,
      token,
    });
    return audit.body.items
      .filter((e) => e.record === 'baseline_versions')
      .map((e) => [e.action, e.actor, e.operation]);
  }

  it('lists the versions newest first to whoever sees the bridge, and hides them from others', async () => {
    const { operator, outsider, adminB, bridgeId } = await scene();
    const seen = await list(operator.token, bridgeId);
    expect(seen.status).toBe(200);
    expect(seen.body.map((v) => [v.version, v.status, v.accepted_by])).toEqual([
      [2, 'proposed', null],
      [1, 'active', null],
    ]);
    expect(seen.body[1]).toMatchObject({
      trained_to: new Date(START + 30 * DAY).toISOString(),
      windows_used: 30 * 144,
      temperature_min_c: -3.5,
      temperature_max_c: 21,
      modes: [{ feature: 'a.f1', mean_hz: 3.1, uncertainty_hz: 0.002, shift_hz: null, en: null }],
      reason: 'Commissioning',
    });
    expect((await list(outsider.token, bridgeId)).status).toBe(404);
    expect((await list(adminB.token, bridgeId)).status).toBe(404);
    const unknown = await list(operator.token, bridgeId + 1000);
    expect(unknown.status).toBe(404);
  });

  it('lets staff accept a proposed version: it scores from then on, and the change is audited', async () => {
    const { staff, operator, bridgeId } = await scene();
    expect((await accept(operator.token, bridgeId, 2)).status).toBe(403);
    const active = await accept(staff.token, bridgeId, 1);
    expect(active.status).toBe(409);
    expect(active.body.detail).toBe(
      'version: 1 is active, only a proposed version can be accepted',
    );
    expect((await accept(staff.token, bridgeId, 9)).status).toBe(404);
    expect((await accept(staff.token, bridgeId, 'x')).status).toBe(400);
    // Past the database's integer: a clear 400, not a 500 from the query (found by contract-fuzz).
    const huge = await accept(staff.token, bridgeId, 2_147_483_648);
    expect(huge.status).toBe(400);
    expect(huge.body.detail).toMatch(/version/);

    const accepted = await accept(staff.token, bridgeId, 2);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ version: 2, status: 'active', accepted_by: staff.id });
    expect(Date.parse(accepted.body.accepted_at ?? '')).not.toBeNaN();
    const { db } = t.services.database;
    const rows = await db
      .select({ version: baselineVersions.version, status: baselineVersions.status })
      .from(baselineVersions)
      .where(eq(baselineVersions.bridgeId, bridgeId))
      .orderBy(baselineVersions.version);
    expect(rows).toEqual([
      { version: 1, status: 'superseded' },
      { version: 2, status: 'active' },
    ]);
    const [scoring] = await db
      .select()
      .from(analysisModels)
      .where(eq(analysisModels.bridgeId, bridgeId));
    expect(scoring?.baselineEnd).toEqual(new Date(START + 60 * DAY));
    expect((await accept(staff.token, bridgeId, 2)).status).toBe(409);

    expect(await versionAudit(staff.token, bridgeId)).toEqual([
      ['update', 'engineer', 'acceptBaselineVersion'],
      ['update', 'engineer', 'acceptBaselineVersion'],
    ]);
  });

  it('lets the owning company’s administrator accept, and answers another company’s 404', async () => {
    const { adminA, adminB, bridgeId } = await scene();
    const foreign = await accept(adminB.token, bridgeId, 2);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe(`Bridge ${bridgeId} not found`);
    const own = await accept(adminA.token, bridgeId, 2);
    expect(own.status).toBe(200);
    expect(own.body.accepted_by).toBe(adminA.row.id);
  });

  it('lets staff reject a proposed version with a reason: the active one goes on scoring, audited', async () => {
    const { staff, operator, bridgeId } = await scene();
    const why = { reason: 'Temperatures of a sensor fault' };
    expect((await reject(operator.token, bridgeId, 2, why)).status).toBe(403);
    const active = await reject(staff.token, bridgeId, 1, why);
    expect(active.status).toBe(409);
    expect(active.body.detail).toBe(
      'version: 1 is active, only a proposed version can be rejected',
    );
    const unknown = await reject(staff.token, bridgeId, 9, why);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Baseline version 9 not found');
    const { db } = t.services.database;
    const [scoringBefore] = await db
      .select()
      .from(analysisModels)
      .where(eq(analysisModels.bridgeId, bridgeId));

    const rejected = await reject(staff.token, bridgeId, 2, { reason: '  Learnt a cold snap  ' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      version: 2,
      status: 'rejected',
      rejected_by: staff.id,
      rejection_reason: 'Learnt a cold snap',
      accepted_at: null,
    });
    expect(Date.parse(rejected.body.rejected_at ?? '')).not.toBeNaN();
    const rows = await db
      .select({
        version: baselineVersions.version,
        status: baselineVersions.status,
        rejectedBy: baselineVersions.rejectedBy,
        rejectionReason: baselineVersions.rejectionReason,
      })
      .from(baselineVersions)
      .where(eq(baselineVersions.bridgeId, bridgeId))
      .orderBy(baselineVersions.version);
    expect(rows).toEqual([
      { version: 1, status: 'active', rejectedBy: null, rejectionReason: null },
      {
        version: 2,
        status: 'rejected',
        rejectedBy: staff.id,
        rejectionReason: 'Learnt a cold snap',
      },
    ]);
    const [scoringAfter] = await db
      .select()
      .from(analysisModels)
      .where(eq(analysisModels.bridgeId, bridgeId));
    expect(scoringAfter).toEqual(scoringBefore);
    expect((await reject(staff.token, bridgeId, 2, why)).body.detail).toBe(
      'version: 2 is rejected, only a proposed version can be rejected',
    );
    expect((await accept(staff.token, bridgeId, 2)).status).toBe(409);
    expect((await list(operator.token, bridgeId)).body[0]).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Learnt a cold snap',
    });

    expect(await versionAudit(staff.token, bridgeId)).toEqual([
      ['update', 'engineer', 'rejectBaselineVersion'],
    ]);
  });

  it.each([
    ['no body', undefined, 'reason: this field is required'],
    ['an empty reason', { reason: '' }, 'reason: this field is required'],
    ['a reason of spaces', { reason: '   ' }, 'reason: this field is required'],
    [
      'a reason over 500 characters',
      { reason: 'x'.repeat(501) },
      'reason: must be at most 500 characters',
    ],
  ])(
    'refuses %s with 400 naming the reason, and leaves the version proposed',
    async (_c, body, detail) => {
      const { staff, bridgeId } = await scene();
      const refused = await reject(staff.token, bridgeId, 2, body);
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe(detail);
      expect((await t.services.baselines.latest(bridgeId))?.status).toBe('proposed');
    },
  );

  it('takes a reason of 500 characters once trimmed', async () => {
    const { staff, bridgeId } = await scene();
    const reason = 'y'.repeat(500);
    const taken = await reject(staff.token, bridgeId, 2, { reason: `  ${reason}\n` });
    expect(taken.status).toBe(200);
    expect(taken.body.rejection_reason).toBe(reason);
  });

  it('lets the owning company’s administrator reject, and answers another company’s 404', async () => {
    const { adminA, adminB, bridgeId } = await scene();
    const why = { reason: 'Trained during the deck works' };
    const foreign = await reject(adminB.token, bridgeId, 2, why);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe(`Bridge ${bridgeId} not found`);
    const own = await reject(adminA.token, bridgeId, 2, why);
    expect(own.status).toBe(200);
    expect(own.body.rejected_by).toBe(adminA.row.id);
  });
});
