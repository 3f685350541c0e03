import { describe, expect, it } from 'vitest';
import type { DatasetPlan } from '../../../server/analysis/dataset-plan.ts';
import { compareWithActive, decideVersion } from '../../../server/analysis/reference-acceptance.ts';
import {
  identifiedWindow,
  type SsiReferenceMode,
  ssiFeatureRows,
} from '../../../server/analysis/ssi-features.ts';
import { foundCounts, learnableSsiModes } from '../../../server/analysis/ssi-plan.ts';
import { planFeatureNames } from '../../../server/analysis/window-dataset.ts';
import type { ModeShapePoint } from '../../../server/db/schema.ts';

// Decision 076, amended 2026-12-02: the detector's modal features from the stored SSI modes.
const CHAINAGES = [10, 20, 30, 40, 50];
const shape = (values: readonly number[]): ModeShapePoint[] =>
  values.map((value, i) => ({
    datastream_id: 100 + i,
    stream_id: `acc-${i + 1}`,
    chainage_m: CHAINAGES[i] ?? 0,
    value,
  }));
/** A first bending mode and a second (antisymmetric) one, 5 % apart: told apart by shape. */
const BENDING = shape([0.5, 0.87, 1, 0.87, 0.5]);
const SECOND = shape([0.87, 0.87, 0, -0.87, -0.87]);
const reference: SsiReferenceMode[] = [
  { frequencyHz: 2.0, shape: BENDING },
  { frequencyHz: 2.1, shape: SECOND },
];
const at = (k: number) => k * 600_000;

describe("the detector's SSI features", () => {
  it('gives each reference mode the frequency of the mode matched to it by frequency and MAC', () => {
    // The second mode found below the first: frequency alone would swap them.
    const rows = ssiFeatureRows(reference, [
      {
        start: at(0),
        modes: [
          { frequencyHz: 2.02, shape: SECOND },
          { frequencyHz: 2.09, shape: BENDING },
        ],
      },
    ]);
    expect(rows.get(at(0))).toEqual([2.09, 2.02]);
  });

  it('reports a lost mode as missing, never the nearest peak', () => {
    const noise = shape([1, -0.2, 0.4, -1, 0.1]);
    const rows = ssiFeatureRows(reference, [
      // A pole at the first mode's very frequency but with another shape (MAC well under 0.8).
      {
        start: at(1),
        modes: [
          { frequencyHz: 2.0, shape: noise },
          { frequencyHz: 2.1, shape: SECOND },
        ],
      },
      // The first mode's shape, but 30 % off its frequency: beyond any temperature swing.
      { start: at(2), modes: [{ frequencyHz: 2.6, shape: BENDING }] },
      { start: at(3), modes: [] },
    ]);
    expect(rows.get(at(1))?.[0]).toBeNaN();
    expect(rows.get(at(1))?.[1]).toBe(2.1);
    expect(rows.get(at(2))?.every(Number.isNaN)).toBe(true);
    expect(rows.get(at(3))?.every(Number.isNaN)).toBe(true);
  });

  it('reads a stored window, its lost rows carrying no mode', () => {
    const start = new Date(at(4));
    const window = identifiedWindow([
      { windowStart: start, frequencyHz: 2.1, shape: SECOND },
      { windowStart: start, frequencyHz: null, shape: [] },
    ]);
    expect(window).toEqual({ start: at(4), modes: [{ frequencyHz: 2.1, shape: SECOND }] });
  });
});

describe('when the SSI modes feed the detector', () => {
  const windows = (count: number, secondFound: number) =>
    Array.from({ length: count }, (_, k) => ({
      start: at(k),
      modes: [
        { frequencyHz: 2.0, shape: BENDING },
        ...(k < secondFound ? [{ frequencyHz: 2.1, shape: SECOND }] : []),
      ],
    }));

  it('keeps the modes found in at least half the identified windows', () => {
    const counts = foundCounts(reference, windows(100, 40));
    expect(counts).toEqual({ identified: 100, found: [100, 40] });
    expect(learnableSsiModes(reference, counts, 144)).toEqual([reference[0]]);
  });

  it('keeps the peak trackers when under half the baseline was identified', () => {
    expect(learnableSsiModes(reference, foundCounts(reference, windows(71, 71)), 144)).toBeNull();
    expect(learnableSsiModes(reference, foundCounts(reference, windows(72, 72)), 144)).toEqual(
      reference,
    );
  });

  it("names the SSI modes after the other spans' tracked modes", () => {
    const plan: DatasetPlan = {
      streams: [
        { id: 1, streamId: 'side-acc', dataType: 'acceleration', rateHz: 20, expectedSamples: 200 },
        { id: 2, streamId: 'main-acc', dataType: 'acceleration', rateHz: 20, expectedSamples: 200 },
      ],
      temperatureStream: null,
      modal: [{ stream: 'side-acc', initialHz: [3.1], minHz: 0.3, maxHz: 8 }],
      family: 'modal',
      unfed: [],
    };
    expect(planFeatureNames(plan)).toEqual(['side-acc.f1']);
    const ssi = { bridgeId: 7, group: 'span 2 vertical', modes: reference };
    expect(planFeatureNames({ ...plan, ssi })).toEqual(['side-acc.f1', 'ssi.f1', 'ssi.f2']);
  });

  it("holds the first SSI version proposed: the active version's tracked modes are not in it", () => {
    const active = [
      { feature: 'main-acc.f1', mean_hz: 2.5, uncertainty_hz: 0.001, compensation: null },
    ];
    const candidate = Array.from({ length: 144 }, (_, k) => ({
      start: at(k),
      end: at(k + 1),
      features: [2.5, 10],
      temperatureC: 10,
    }));
    const decision = decideVersion({
      active: { version: 3, modes: active },
      compared: compareWithActive(active, ['ssi.f1', 'ssi.f2'], candidate),
      alertSinceAccepted: false,
      maintenanceSince: null,
    });
    expect(decision.status).toBe('proposed');
    expect(decision.reason).toMatch(/^Not comparable with version 3: main-acc.f1/);
  });
});
