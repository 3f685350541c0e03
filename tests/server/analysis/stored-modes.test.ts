import { describe, expect, it, vi } from 'vitest';
import { evaluateBridge } from '../../../server/analysis/analyse-bridge.ts';
import { realMac } from '../../../server/analytics/modal/mode-shape.ts';
import { localisationBeam } from '../../helpers/beam-windows.ts';
import { BASE_MS } from '../../helpers/readings-fixtures.ts';
import { setupTestApp, type TestContext } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import {
  beamBridge,
  ingestBeamWindow,
  MODAL_WINDOW_MS,
  modesAnswer,
  storedRows,
} from './stored-modes-fixtures.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

/** Process CPU seconds of one evaluation (reading the window, identifying, storing). */
async function timedEvaluation(t: TestContext, bridgeId: number) {
  const before = process.cpuUsage();
  await evaluateBridge(t.services, bridgeId);
  const cpu = process.cpuUsage(before);
  return (cpu.user + cpu.system) / 1e6;
}

// Issue 31, "modes tracked by frequency and shape" (decision 059): the evaluation identifies the
// modes of the span's 11 vertical accelerometers together, stores them against the reference's,
// and stores a reference mode missing from a window as lost, not the nearest peak in its place.
describe.each(drivers)('stored modes on %s', (kind) => {
  const t = setupTestApp(kind);
  const model = localisationBeam(-1, 1);

  it("stores each window's modes within 0.5 % and MAC 0.95 of the model's, the first as the reference", async () => {
    const { bridge, streams } = await beamBridge(t.services, 'Beam Bridge');
    await ingestBeamWindow(t.services, streams, model, { startMs: BASE_MS, seed: 101 });
    const cpu = await timedEvaluation(t, bridge.id);

    const rows = await storedRows(t, bridge.id);
    // 20 Hz holds the beam's first three modes (1.5, 6 and 13.5 Hz).
    expect(rows.map((r) => [r.position, r.lost, r.isReference, r.referenceMode])).toEqual([
      [0, false, true, 0],
      [1, false, true, 1],
      [2, false, true, 2],
    ]);
    rows.forEach((row, i) => {
      const truth = model.frequenciesHz[i] ?? Number.NaN;
      expect(Math.abs((row.frequencyHz ?? 0) - truth) / truth).toBeLessThan(0.005);
      // Issue 31's baseline goal on the product path: the shape as the model's (MAC > 0.95).
      expect(
        realMac(
          row.shape.map((p) => p.value),
          model.shapes[i] ?? [],
        ),
      ).toBeGreaterThan(0.95);
      expect(row.shape.map((p) => p.chainage_m)).toEqual(
        [...row.shape.map((p) => p.chainage_m)].sort((a, b) => a - b),
      );
      expect(row.shape).toHaveLength(11);
    });
    expect(rows[0]?.windowStart.getTime()).toBe(BASE_MS);
    expect(rows[0]?.windowEnd.getTime()).toBe(BASE_MS + MODAL_WINDOW_MS);
    console.info(`stored modes (${kind}): evaluation of one window ${cpu.toFixed(2)} s CPU`);
  });

  it('stores a reference mode missing from a later window as lost, and matches the others', async () => {
    const { bridge, streams } = await beamBridge(t.services, 'Lost Mode Bridge');
    await ingestBeamWindow(t.services, streams, model, { startMs: BASE_MS, seed: 103 });
    await evaluateBridge(t.services, bridge.id);
    // The second window's structure has only its first two modes: the third is not there.
    await ingestBeamWindow(t.services, streams, model, {
      startMs: BASE_MS + MODAL_WINDOW_MS,
      seed: 104,
      modes: 2,
    });
    const cpu = await timedEvaluation(t, bridge.id);

    const later = (await storedRows(t, bridge.id)).filter(
      (r) => r.windowStart.getTime() === BASE_MS + MODAL_WINDOW_MS,
    );
    expect(later.map((r) => [r.position, r.lost, r.isReference, r.referenceMode])).toEqual([
      [0, false, false, 0],
      [1, false, false, 1],
      [2, true, false, 2],
    ]);
    expect(later[2]?.frequencyHz).toBeNull();
    expect(later[0]?.referenceMac).toBeGreaterThan(0.95);

    // The API answers the newest window whole, the lost mode listed with no estimate.
    const answer = await modesAnswer(t, bridge.id);
    expect(answer.status).toBe(200);
    expect(answer.body.reference_version).toBeNull();
    expect(answer.body.reference?.window_start).toBe(new Date(BASE_MS).toISOString());
    expect(
      answer.body.latest?.modes.map((m) => [m.reference_mode, m.lost, m.frequency_hz === null]),
    ).toEqual([
      [0, false, false],
      [1, false, false],
      [2, true, true],
    ]);
    expect(answer.body.latest?.modes[0]?.shape).toHaveLength(11);
    expect(answer.body.history).toHaveLength(6);
    console.info(`stored modes (${kind}): evaluation of one window ${cpu.toFixed(2)} s CPU`);
  });
});
