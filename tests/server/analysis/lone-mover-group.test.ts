import { describe, expect, it } from 'vitest';
import type { BridgeStream } from '../../../server/analysis/bridge-streams.ts';
import {
  groupFaults,
  judgedGroups,
  LONE_MOVER_SPAN_DAYS,
} from '../../../server/analysis/lone-mover-group.ts';
import { simulateTwinMeans } from '../../bench/sensor-twin-sim.ts';
import { simulateStream } from '../../bench/sensor-window-sim.ts';

const WINDOW_MS = 600_000;
const DAY = 144;
/** The span the service reads: K days of reference and the day judged, ending at `END`. */
const FROM = Date.UTC(2026, 3, 1);
/** Seed 78: neither a tuning (1-5) nor a reporting (131-140, 231-240) seed of the bench. */
const base = simulateStream({ seed: 78, days: LONE_MOVER_SPAN_DAYS });
const healthy = (): number[][] => [
  base.windows.map((w) => w.mean),
  simulateTwinMeans(base, 7801, { alpha: 10.5 }),
  simulateTwinMeans(base, 7802, { alpha: 9.7 }),
];
const stepped = (means: readonly number[], from: number, by: number) =>
  means.map((m, i) => (i < from ? m : m + by));
const stream = (id: number, dataType: BridgeStream['dataType'] = 'strain'): BridgeStream => ({
  id,
  streamId: `g${id}`,
  dataType,
  status: 'active',
});
const members = (means: readonly (readonly number[])[], dataType?: BridgeStream['dataType']) =>
  means.map((m, i) => ({ stream: stream(i + 1, dataType), means: m }));
/** Four days before the end: outside the last day, inside the days the rule judges. */
const OLD_STEP = 3 * DAY + 40;

describe("a group's lone movers as the service stores them", () => {
  it('names a step that the group shows still, though it is older than the last day', () => {
    const means = healthy();
    means[2] = stepped(means[2] ?? [], OLD_STEP, 5);
    const found = groupFaults(members(means), FROM);
    expect(found.map((f) => [f.datastreamId, f.kind])).toEqual([[3, 'offset']]);
    expect(Math.abs((found[0]?.onsetMs ?? 0) - (FROM + OLD_STEP * WINDOW_MS))).toBeLessThanOrEqual(
      WINDOW_MS,
    );
  });

  it("words the step in the stream's own unit", () => {
    const means = healthy();
    means[1] = stepped(means[1] ?? [], 6 * DAY + 40, 5);
    const [found] = groupFaults(members(means, 'tilt'), FROM);
    expect(found?.reason).toMatch(
      /^stepped by \+[45]\.\d mrad against its co-located group \(g1, g3\), which agree among themselves: this gauge alone moved$/,
    );
  });

  it('keeps a gauge faulted by its own checks in its group, so its twins are judged', () => {
    const group = [stream(1), stream(2), stream(3)];
    const twins = new Map([
      [1, [2, 3]],
      [2, [1, 3]],
      [3, [1, 2]],
    ]);
    const judged = judgedGroups(group, twins);
    expect(judged.map((g) => g.map((s) => s.id))).toEqual([[1, 2, 3]]);
  });

  it("judges the group up to a member's fault, and never names that member again", () => {
    const means = healthy();
    means[2] = stepped(means[2] ?? [], OLD_STEP, 5);
    // The first gauge's own check faulted it a day later; its readings since are garbage.
    const faultWindow = 4 * DAY + 10;
    means[0] = stepped(means[0] ?? [], faultWindow, 60);
    const group = members(means).map((m, i) =>
      i === 0 ? { ...m, faultOnsetMs: FROM + faultWindow * WINDOW_MS } : m,
    );
    const found = groupFaults(group, FROM);
    expect(found.map((f) => [f.datastreamId, f.kind])).toEqual([[3, 'offset']]);
  });

  it("names nobody after a member's fault: two gauges cannot say which moved", () => {
    const means = healthy();
    const faultWindow = 2 * DAY;
    means[0] = stepped(means[0] ?? [], faultWindow, 60);
    means[2] = stepped(means[2] ?? [], 6 * DAY + 40, 5);
    const group = members(means).map((m, i) =>
      i === 0 ? { ...m, faultOnsetMs: FROM + faultWindow * WINDOW_MS } : m,
    );
    expect(groupFaults(group, FROM)).toEqual([]);
  });
});
