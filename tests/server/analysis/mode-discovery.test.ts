import { describe, expect, it } from 'vitest';
import { planDataset } from '../../../server/analysis/dataset-plan.ts';
import { dayFeatures } from '../../../server/analysis/window-dataset.ts';
import { e2eStoredDays } from './e2e-stored-days.ts';

const DAY_MS = 86_400_000;
const { timeline, streams, storedDay } = e2eStoredDays(1);

describe('closely spaced modes (bending 2.05 Hz, torsion 2.35 Hz, 60 s bursts at 9 Hz)', () => {
  const plan = planDataset(
    streams,
    storedDay(timeline.commissioned),
    timeline.commissioned,
    timeline.commissioned + DAY_MS,
  );

  it('finds both modes on the commissioning day and resolves them in each window', () => {
    const [modal] = plan.modal;
    expect(modal?.initialHz).toHaveLength(2);
    const [bending, torsion] = modal?.initialHz ?? [];
    expect(bending).toBeGreaterThan(1.9);
    expect(bending).toBeLessThan(2.1);
    expect(torsion).toBeGreaterThan(2.2);
    expect(torsion).toBeLessThan(2.4);
    // Three bins between them at the window's resolution.
    expect((3 * 9) / (modal?.segmentLength ?? 1)).toBeLessThan((torsion ?? 0) - (bending ?? 0));
  });

  it('never swaps the bending mode for the torsion mode over two summer weeks', () => {
    let tracked: Record<string, number[]> = {};
    const bending: number[] = [];
    for (let day = 0; day < 14; day += 1) {
      const from = Date.UTC(2025, 6, 12) + day * DAY_MS;
      const result = dayFeatures(
        plan,
        plan.streams,
        storedDay(from),
        { from, to: from + DAY_MS },
        tracked,
      );
      tracked = { ...tracked, ...result.trackedHz };
      const column = result.featureNames.indexOf('e2e-s1-acc.f1');
      bending.push(...result.windows.map((w) => w.features[column] ?? Number.NaN));
    }
    const found = bending.filter(Number.isFinite);
    expect(found.length).toBeGreaterThan(0.9 * bending.length);
    expect(Math.max(...found)).toBeLessThan(2.2);
  });
});
