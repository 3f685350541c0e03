import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { frequencyShifts } from '../../../server/db/schema.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { DAY, EVALUATED_START, FEATURES } from '../analysis/reference-shift-fixtures.ts';
import { MODES, shiftScene } from './frequency-shift-scene.ts';

vi.setConfig({ hookTimeout: 300_000 });

describe.each(drivers)('the shift against the accepted reference on %s', (kind) => {
  const t = setupTestApp(kind);

  const { scene, addVersion, evaluate, triggerAlerts, read } = shiftScene(t);

  it('latches amber on a uniform −2 % drop across evaluations, until a maintenance is recorded', async () => {
    const { bridgeId } = await scene();
    const dropped = (day: number) => (day >= 2 ? 0.98 : 1);
    // Four modes, then the modes' mean.
    expect(await evaluate(bridgeId, 0, 4, dropped)).toEqual(Array(5).fill('amber'));
    const [raised] = await triggerAlerts(bridgeId);
    expect(raised).toMatchObject({ state: 'active', severity: 'Medium' });
    expect(raised?.message).toMatch(
      /^Trigger level crossed against reference version 1: .*s1-acc\.f\d −2\.0 % ± 0\.\d %/,
    );
    // The alert names the line that crossed: the mean is one of them.
    expect(raised?.message).toMatch(/All modes \(mean\) −2\.0 % ± 0\.\d % \(amber, −2 %\)/);
    // Every window of every mode and of their mean is stored against version 1.
    const stored = await t.services.database.db
      .select()
      .from(frequencyShifts)
      .where(eq(frequencyShifts.bridgeId, bridgeId));
    expect(stored).toHaveLength(5 * 4 * DAY);
    expect(new Set(stored.map((r) => r.referenceVersion))).toEqual(new Set([1]));

    // The next evaluation sees −1.5 %: above the level, not back half-way, so amber holds.
    expect(await evaluate(bridgeId, 4, 1, () => 0.985)).toEqual(Array(5).fill('amber'));
    expect((await triggerAlerts(bridgeId)).map((a) => a.state)).toEqual(['active']);

    // An engineer records a maintenance: the route clears the alert, and the latch is released.
    await t.services.maintenance.add({ bridgeId, occurredOn: '2026-06-16', kind: 'repair' });
    await t.services.alerts.clearForMaintenance({
      bridgeId,
      kind: 'repair',
      occurredOn: '2026-06-16',
      sensorId: null,
      note: null,
    });
    expect(await evaluate(bridgeId, 5, 1, () => 0.985)).toEqual(Array(5).fill('none'));
    expect((await triggerAlerts(bridgeId)).map((a) => a.state)).toEqual(['cleared']);
  });

  it('releases the level when a new reference is accepted, and raises red at −5 %', async () => {
    const { bridgeId } = await scene();
    expect(await evaluate(bridgeId, 0, 3, (day) => (day >= 1 ? 0.95 : 1))).toEqual(
      Array(5).fill('red'),
    );
    expect((await triggerAlerts(bridgeId))[0]?.severity).toBe('High');
    // The engineer accepts the bridge as it now is: a reference 5 % lower.
    await addVersion(
      bridgeId,
      MODES.map((m) => ({ ...m, mean_hz: 0.95 * m.mean_hz })),
    );
    expect(await evaluate(bridgeId, 3, 1, () => 0.95)).toEqual(Array(5).fill('none'));
    expect((await triggerAlerts(bridgeId)).map((a) => a.state)).toEqual(['cleared']);
  });

  it('serves each mode’s series, bounded, with its levels, to whoever sees the bridge', async () => {
    const { adminB, operator, outsider, bridgeId } = await scene();
    const empty = await read(operator.token, bridgeId);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ reference_version: 1, modes: [], all_modes: null });

    await evaluate(bridgeId, 0, 4, (day) => (day >= 2 ? 0.98 : 1));
    const seen = await read(operator.token, bridgeId);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      bridge: bridgeId,
      reference_version: 1,
      levels: { amber_percent: -2, red_percent: -5 },
      // 576 windows of 10 minutes, at most 500 points: two windows a point.
      bucket_minutes: 20,
    });
    expect(seen.body.modes.map((m) => [m.feature, m.level])).toEqual(
      FEATURES.map((f) => [f, 'amber']),
    );
    const [first] = seen.body.modes;
    expect(first?.points).toHaveLength(2 * DAY);
    expect(first?.points[0]?.t).toBe(new Date(EVALUATED_START).toISOString());
    expect(first?.points[0]?.shift_percent).toBeCloseTo(0, 0);
    expect(first?.points.at(-1)?.shift_percent).toBeCloseTo(-2, 0);
    expect(first?.estimate_percent).toBeCloseTo(-2, 1);
    expect(first?.crossed_at).not.toBeNull();
    // The modes' mean is its own series, with its own latched level.
    const mean = seen.body.all_modes;
    expect(mean).toMatchObject({ feature: 'all-modes', level: 'amber' });
    expect(mean?.points).toHaveLength(2 * DAY);
    expect(mean?.points.at(-1)?.shift_percent).toBeCloseTo(-2, 0);
    expect(mean?.estimate_percent).toBeCloseTo(-2, 1);

    expect((await read(outsider.token, bridgeId)).status).toBe(404);
    const otherCompany = await read(adminB.token, bridgeId);
    expect(otherCompany.status).toBe(404);
    expect(otherCompany.body.detail).toBe(`Bridge ${bridgeId} not found`);
    expect((await read(operator.token, bridgeId + 1000)).status).toBe(404);
  });
});
