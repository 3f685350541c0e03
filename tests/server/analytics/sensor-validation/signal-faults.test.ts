import { describe, expect, it } from 'vitest';
import {
  dropoutFaults,
  spikeFaults,
  stuckFaults,
} from '../../../../server/analytics/sensor-validation/signal-faults.ts';
import { summariseWindows } from '../../../../server/analytics/sensor-validation/window-summary.ts';
import { rawSignal } from './raw-signal.ts';

// 10-minute windows of a 1 Hz stream: 600 samples each.
const WINDOW = 600;
const summarise = (values: readonly number[]) => summariseWindows(values, 1, 0, WINDOW);

describe('stuck, spikes and dropouts over windows', () => {
  const healthy = rawSignal(24 * WINDOW);

  it('a stream held at one value from window 6 is stuck once an hour has passed', () => {
    const held = healthy.map((v, i) => (i < 6 * WINDOW ? v : 51.25));
    const faults = stuckFaults(summarise(held));
    expect(faults).toEqual([
      {
        kind: 'stuck',
        onsetWindow: 6,
        onsetMs: 3_600_000,
        detectedWindow: 11,
        reason: 'stuck at 51.25 for 1.0 h',
      },
    ]);
  });

  it('three lone spikes in window 4 are found there', () => {
    const spiked = healthy.map((v, i) => ([2500, 2700, 2900].includes(i) ? v + 40 : v));
    const faults = spikeFaults(summarise(spiked));
    expect(faults.map((f) => [f.onsetWindow, f.reason])).toEqual([
      [4, '3 spikes of more than 20 standard deviations'],
    ]);
  });

  it('windows short of data from window 10 on are dropouts', () => {
    const gappy = healthy.map((v, i) => (i >= 10 * WINDOW && i % WINDOW < 400 ? NaN : v));
    const [fault] = dropoutFaults(summarise(gappy));
    expect(fault).toMatchObject({ kind: 'dropouts', onsetWindow: 10 });
    expect(fault?.reason).toMatch(/^\d+ of \d+ windows short of data$/);
  });

  it('finds none of them on the healthy stream', () => {
    const windows = summarise(healthy);
    expect([...stuckFaults(windows), ...spikeFaults(windows), ...dropoutFaults(windows)]).toEqual(
      [],
    );
  });
});
