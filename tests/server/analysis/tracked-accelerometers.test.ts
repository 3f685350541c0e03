import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { type StoredBlock, loadBridgeStreams } from '../../../server/analysis/bridge-streams.ts';
import { planDataset } from '../../../server/analysis/dataset-plan.ts';
import { dayFeatures } from '../../../server/analysis/window-dataset.ts';
import { bridges } from '../../../server/db/schema.ts';
import { DEMO_RATES } from '../../../server/demo/demo-fleet.ts';
import { findDemoBridges } from '../../../server/demo/demo-streams.ts';
import { seedDemo } from '../../../server/seed/demo-seed.ts';
import { simulateBursts } from '../../../server/sim/burst-simulator.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';

vi.setConfig({ testTimeout: 300_000 });

const DAY_MS = 86_400_000;

// Decision 076, amended 2026-12-01: the per-stream frequency features (peak picking and mode
// trackers) come from one accelerometer per span and direction; all of them still feed the
// multi-channel identification (modal-channels.ts, unchanged).
describe.each(drivers)("the detector's tracked accelerometers on %s", (kind) => {
  const t = setupTestApp(kind);

  it("tracks one of Jacques Cartier's six main-span accelerometers, and the one of each other span", async () => {
    const { db } = t.services.database;
    await seedDemo(db, t.services.secretBox, t.services.passwords);
    const [bridge] = await db
      .select()
      .from(bridges)
      .where(eq(bridges.name, 'Jacques Cartier Bridge'));
    const [cartier] = (await findDemoBridges(db, 30, DEMO_RATES)).filter(
      (d) => d.bridge.key === 'jacques-cartier',
    );
    if (!bridge || !cartier) throw new Error('no Jacques Cartier in the demo seed');
    const accelerometers = (await loadBridgeStreams(db, bridge.id)).filter(
      (s) => s.dataType === 'acceleration',
    );
    const idOf = new Map(accelerometers.map((s) => [s.streamId, s.id]));
    // The demo's first history day of its accelerometers, bursts as the history writer stores them.
    const from = Math.ceil(cartier.timeline.start / DAY_MS) * DAY_MS;
    const day: StoredBlock[] = [
      ...simulateBursts(cartier.scenario, {
        from,
        to: from + DAY_MS,
        streams: [...idOf.keys()],
        schedule: cartier.rates.bursts,
      }),
    ].map((b) => ({
      datastreamId: idOf.get(b.stream) ?? 0,
      startMs: Date.parse(b.start),
      rateHz: b.rate_hz,
      values: Float64Array.from(b.values),
    }));

    const plan = planDataset(accelerometers, day, from, from + DAY_MS);

    expect(accelerometers.map((s) => s.streamId)).toEqual([
      'jacques-cartier-s1-acc',
      'jacques-cartier-s2-acc',
      'jacques-cartier-s2-acc2',
      'jacques-cartier-s2-acc3',
      'jacques-cartier-s2-acc4',
      'jacques-cartier-s2-acc5',
      'jacques-cartier-s2-acc6',
      'jacques-cartier-s3-acc',
    ]);
    // Every accelerometer keeps its statistics; the main span's lead (0.4 L, the first
    // installed) alone has trackers there.
    expect(plan.streams.map((s) => s.streamId)).toEqual(accelerometers.map((s) => s.streamId));
    expect(plan.modal.map((m) => m.stream)).toEqual([
      'jacques-cartier-s1-acc',
      'jacques-cartier-s2-acc',
      'jacques-cartier-s3-acc',
    ]);
    expect(plan.family).toBe('modal');
    const features = dayFeatures(plan, plan.streams, day, { from, to: from + DAY_MS }, {});
    const frequencyFeatures = features.featureNames.filter((name) => /\.f\d+$/.test(name));
    expect(frequencyFeatures.length).toBeGreaterThan(0);
    expect(frequencyFeatures.filter((name) => name.startsWith('jacques-cartier-s2-acc'))).toEqual(
      frequencyFeatures.filter((name) => name.startsWith('jacques-cartier-s2-acc.')),
    );
  });
});
