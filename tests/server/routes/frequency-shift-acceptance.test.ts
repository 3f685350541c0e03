import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { frequencyShiftLevels } from '../../../server/db/schema.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { MODES, shiftScene } from './frequency-shift-scene.ts';

vi.setConfig({ hookTimeout: 300_000 });

// Decision 051, 2026-11-29 evening: accepting a new reference releases the latched levels and
// clears the 'Trigger level crossed' alert in the same request, not at the next analysis.
describe.each(drivers)('accepting a new reference on %s', (kind) => {
  const t = setupTestApp(kind);
  const { scene, addVersion, evaluate, triggerAlerts, read } = shiftScene(t);

  it('releases every latched level and clears the alert in the accepting request', async () => {
    const { adminA, operator, bridgeId } = await scene();
    expect(await evaluate(bridgeId, 0, 3, (day) => (day >= 1 ? 0.95 : 1))).toEqual(
      Array(5).fill('red'),
    );
    // The bridge as it now is, proposed (an open alert keeps it from becoming active by itself).
    const proposed = await addVersion(
      bridgeId,
      MODES.map((m) => ({ ...m, mean_hz: 0.95 * m.mean_hz })),
      'proposed',
    );
    expect((await read(operator.token, bridgeId)).body.all_modes?.level).toBe('red');

    const accepted = await t.request<{ status: string }>({
      method: 'POST',
      url: `/api/v1/bridges/${bridgeId}/baselines/${proposed.version}/accept`,
      token: adminA.token,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('active');

    // No analysis has run since: the alert is cleared and no level is held.
    const [alert] = await triggerAlerts(bridgeId);
    expect(alert).toMatchObject({
      state: 'cleared',
      clearedNote: `Released: reference version ${proposed.version} accepted`,
    });
    const latches = await t.services.database.db
      .select()
      .from(frequencyShiftLevels)
      .where(eq(frequencyShiftLevels.bridgeId, bridgeId));
    expect(latches).toEqual([]);
    const after = await read(operator.token, bridgeId);
    expect(after.body.reference_version).toBe(proposed.version);
    expect(after.body.modes.every((m) => m.level === 'none')).toBe(true);
    expect(after.body.all_modes?.level).toBe('none');

    // The next analysis judges afresh against it: the bridge is at its new reference.
    expect(await evaluate(bridgeId, 3, 1, () => 0.95)).toEqual(Array(5).fill('none'));
    expect((await triggerAlerts(bridgeId)).map((a) => a.state)).toEqual(['cleared']);
  });

  it('keeps the levels and the alert when the acceptance is refused', async () => {
    const { operator, bridgeId } = await scene();
    await evaluate(bridgeId, 0, 3, (day) => (day >= 1 ? 0.95 : 1));
    const refused = await t.request<{ detail: string }>({
      method: 'POST',
      url: `/api/v1/bridges/${bridgeId}/baselines/1/accept`,
      token: (await t.createUser({ staff: true })).token,
    });
    expect(refused.status).toBe(409);
    expect((await triggerAlerts(bridgeId)).map((a) => a.state)).toEqual(['active']);
    expect((await read(operator.token, bridgeId)).body.all_modes?.level).toBe('red');
  });

  // An evaluation reads the active reference, works for seconds, then stores its latches and
  // raises its alerts; an engineer may accept a new reference meanwhile. What it found against
  // the old reference must not come back after the acceptance released it.
  it('lets no evaluation that began before an acceptance latch or raise after it', async () => {
    const { adminA, bridgeId } = await scene();
    expect(await evaluate(bridgeId, 0, 3, (day) => (day >= 1 ? 0.95 : 1))).toEqual(
      Array(5).fill('red'),
    );
    const newer = MODES.map((m) => ({ ...m, mean_hz: 0.95 * m.mean_hz }));
    const accept = async () => {
      const proposed = await addVersion(bridgeId, newer, 'proposed');
      const answer = await t.request({
        method: 'POST',
        url: `/api/v1/bridges/${bridgeId}/baselines/${proposed.version}/accept`,
        token: adminA.token,
      });
      expect(answer.status).toBe(200);
    };
    const latches = () =>
      t.services.database.db
        .select()
        .from(frequencyShiftLevels)
        .where(eq(frequencyShiftLevels.bridgeId, bridgeId));

    // Accepted between the evaluation's step and its alerts: the step's red is not raised again.
    expect(await evaluate(bridgeId, 3, 1, () => 0.95, { beforeAlerts: accept })).toEqual(
      Array(5).fill('red'),
    );
    expect((await triggerAlerts(bridgeId)).map((a) => a.state)).toEqual(['cleared']);
    expect(await latches()).toEqual([]);

    // Accepted before the step, after the evaluation read the reference: nothing is latched.
    const stale = await t.services.baselines.active(bridgeId);
    await accept();
    expect(
      await evaluate(bridgeId, 4, 1, () => 0.9, stale ? { reference: stale } : {}),
    ).toBeUndefined();
    expect(await latches()).toEqual([]);
    expect((await triggerAlerts(bridgeId)).map((a) => a.state)).toEqual(['cleared']);
  });
});
