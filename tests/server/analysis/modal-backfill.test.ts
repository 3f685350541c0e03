import { describe, expect, it, vi } from 'vitest';
import { loadBridgeStreams } from '../../../server/analysis/bridge-streams.ts';
import type { DatasetPlan } from '../../../server/analysis/dataset-plan.ts';
import {
  backfillModes,
  MAX_BACKFILL_WINDOWS,
  spreadPicks,
} from '../../../server/analysis/modal-backfill.ts';
import { trackModes } from '../../../server/analysis/modal-tracking.ts';
import { withSsiModes } from '../../../server/analysis/ssi-plan.ts';
import { localisationBeam } from '../../helpers/beam-windows.ts';
import { BASE_MS } from '../../helpers/readings-fixtures.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import {
  beamBridge,
  ingestBeamWindow,
  MODAL_WINDOW_MS,
  storedRows,
} from './stored-modes-fixtures.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const at = (k: number) => BASE_MS + k * MODAL_WINDOW_MS;

describe('spreadPicks', () => {
  it('spreads its picks over the missing windows, oldest first, and moves with the phase', () => {
    const missing = Array.from({ length: 100 }, (_, k) => k);
    expect(spreadPicks(missing, 4, 0)).toEqual([0, 25, 50, 75]);
    expect(spreadPicks(missing, 4, 0.5)).toEqual([12, 37, 62, 87]);
    expect(spreadPicks([3, 9], 4, 0.3)).toEqual([3, 9]);
  });
});

// Decision 076 (c): a bridge whose SSI is identified only going forward gets its baseline
// identified a bounded few windows per evaluation, until half of it is, and its plan switches.
describe.each(drivers)('the baseline backfill of SSI modes on %s', (kind) => {
  const t = setupTestApp(kind);

  it('reaches half the baseline in bounded steps, and the plan then takes the SSI modes', async () => {
    const { db } = t.services.database;
    const model = localisationBeam(-1, 1);
    const { bridge, streams } = await beamBridge(t.services, 'Backfill Bridge');
    // A baseline of 6 windows with data, then an hour later the live window.
    for (let k = 0; k < 6; k += 1) {
      await ingestBeamWindow(t.services, streams, model, {
        startMs: at(k),
        seed: 300 + k,
        modes: 2,
      });
    }
    await ingestBeamWindow(t.services, streams, model, { startMs: at(12), seed: 320, modes: 2 });
    const options = { faultSpans: new Map(), referenceVersion: 0 };
    await trackModes(db, bridge.id, { ...options, newestMs: at(13) - 1 });
    expect((await storedRows(t, bridge.id)).map((r) => r.windowStart.getTime())).toEqual([
      at(12),
      at(12),
    ]);

    const baseline = { from: at(0), to: at(6) };
    const current = await loadBridgeStreams(db, bridge.id);
    const peaks: DatasetPlan = {
      streams: [],
      temperatureStream: null,
      modal: [{ stream: streams[0] ?? '', initialHz: [1.5], minHz: 0.3, maxHz: 20 }],
      family: 'modal',
      unfed: [],
    };
    const windowsIn = async () =>
      new Set(
        (await storedRows(t, bridge.id))
          .map((r) => r.windowStart.getTime())
          .filter((s) => s < baseline.to),
      ).size;
    expect(await withSsiModes(db, bridge.id, peaks, current, baseline)).toEqual(peaks);

    // At most 2 a run here: the first run leaves the baseline a third covered, the plan as it was.
    const run = () =>
      backfillModes(db, bridge.id, { ...options, baseline, nowMs: at(13), maxWindows: 2 });
    const first = await run();
    expect(first).toHaveLength(2);
    expect(await windowsIn()).toBe(2);
    expect(await withSsiModes(db, bridge.id, peaks, current, baseline)).toEqual(peaks);
    // The second needs one more for half (3 of 6) and stops there.
    const second = await run();
    expect(second).toHaveLength(1);
    expect(await windowsIn()).toBe(3);
    const plan = await withSsiModes(db, bridge.id, peaks, current, baseline);
    expect(plan.modal).toEqual([]);
    expect(plan.ssi?.modes.length).toBeGreaterThan(0);
    // Half covered: no more work.
    expect(await run()).toEqual([]);
    const cpu = [...first, ...second].map((w) => w.cpuSeconds.toFixed(2)).join(', ');
    console.info(`backfill (${kind}): CPU per identified window ${cpu} s`);
    expect(MAX_BACKFILL_WINDOWS).toBeLessThanOrEqual(10);
  });
});
