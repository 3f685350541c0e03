import { describe, expect, it } from 'vitest';
import { loadBridgeStreams } from '../../../server/analysis/bridge-streams.ts';
import type { DatasetPlan } from '../../../server/analysis/dataset-plan.ts';
import { modalSpanOf } from '../../../server/analysis/modal-channels.ts';
import { withSsiModes } from '../../../server/analysis/ssi-plan.ts';
import { loadWindows } from '../../../server/analysis/window-dataset.ts';
import { identifiedModes, type ModeShapePoint } from '../../../server/db/schema.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { beamBridge } from './stored-modes-fixtures.ts';

const WINDOW_MS = 600_000;
const DAY = Date.UTC(2026, 2, 2);
const at = (k: number) => DAY + k * WINDOW_MS;

// Decision 076, amended 2026-12-02: the stored analysis reads the modal span's SSI modes, matched
// to the plan's reference by frequency and MAC, as the detector's modal features.
describe.each(drivers)("the detector's SSI features on %s", (kind) => {
  const t = setupTestApp(kind);

  it("replace the modal span's peak tracker, a lost mode missing", async () => {
    const { db } = t.services.database;
    const { bridge, streams } = await beamBridge(t.services, 'Ssi Feed Bridge');
    const span = await modalSpanOf(db, bridge.id);
    const channels = span?.channels ?? [];
    const shape = (f: (x: number) => number): ModeShapePoint[] =>
      channels.map((c, i) => ({
        datastream_id: c.datastreamId,
        stream_id: c.streamId,
        chainage_m: c.chainageM,
        value: f((i + 1) / (channels.length + 1)),
      }));
    const first = shape((x) => Math.sin(Math.PI * x));
    const second = shape((x) => Math.sin(2 * Math.PI * x));
    const row = (k: number, position: number, hz: number, modeShape: ModeShapePoint[]) => ({
      bridgeId: bridge.id,
      windowStart: new Date(at(k)),
      windowEnd: new Date(at(k + 1)),
      position,
      frequencyHz: hz,
      dampingRatio: 0.01,
      mpc: 0.99,
      shape: modeShape,
      referenceVersion: 0,
      referenceMode: position,
      referenceMac: 1,
      isReference: k === 0,
    });
    // 100 of the day's 144 windows identified; the second mode lost in every fourth; in window
    // 3 a pole sits at the first mode's frequency with the second's shape, and is not taken.
    const rows = Array.from({ length: 100 }, (_, k) => [
      row(k, 0, 2.5 + k / 1000, k === 3 ? second : first),
      ...(k % 4 === 1 ? [] : [row(k, 1, 10 - k / 1000, second)]),
    ]).flat();
    await db.insert(identifiedModes).values(rows);

    const current = await loadBridgeStreams(db, bridge.id);
    const peaks: DatasetPlan = {
      streams: [],
      temperatureStream: null,
      modal: [{ stream: streams[0] ?? '', initialHz: [2.5], minHz: 0.3, maxHz: 20 }],
      family: 'modal',
      unfed: [],
    };
    const plan = await withSsiModes(db, bridge.id, peaks, current, { from: at(0), to: at(144) });
    expect(plan.modal).toEqual([]);
    expect(plan.ssi?.modes.map((m) => m.frequencyHz)).toEqual([2.5, 10]);

    const read = await loadWindows(db, plan, current, { from: at(0), to: at(144) }, {});
    const byStart = new Map(read.windows.map((w) => [w.start, w.features]));
    expect(byStart.get(at(2))).toEqual([2.502, 9.998]);
    expect(byStart.get(at(1))).toEqual([2.501, Number.NaN]);
    expect(byStart.get(at(3))).toEqual([Number.NaN, 9.997]);
    expect(byStart.get(at(120))).toEqual([Number.NaN, Number.NaN]);

    // Over three days, a third identified: the peak tracker is kept.
    const longer = await withSsiModes(db, bridge.id, peaks, current, { from: at(0), to: at(432) });
    expect(longer).toEqual(peaks);
  });
});
