import { describe, expect, it } from 'vitest';
import { defaultValidation } from '../../../../server/analytics/sensor-validation/thresholds.ts';
import { validateStream } from '../../../../server/analytics/sensor-validation/validate-stream.ts';
import { summariseWindows } from '../../../../server/analytics/sensor-validation/window-summary.ts';
import {
  MUNICH_CHANNELS,
  munichAvailable,
  readMunichChannel,
} from '../../../bench/munich-records.ts';

// The real 10-minute reference record of strain gauge DMS_CN (100 Hz), in 10-second windows.
const WINDOW = 1000;
const channel = MUNICH_CHANNELS.find((c) => c.label === 'DMS_CN reference');

describe.skipIf(!munichAvailable() || !channel)('the real Munich strain record DMS_CN', () => {
  const values = channel ? readMunichChannel(channel) : [];
  const summarise = (v: readonly number[]) => summariseWindows(v, 100, 0, WINDOW);
  const settings = defaultValidation(10_000, 'µε');

  it('is healthy as recorded', () => {
    expect(values).toHaveLength(60_000);
    expect(validateStream(summarise(values), settings)).toEqual([]);
  });

  it('shows a 4 µε offset step in the window it was put in', () => {
    const at = 33_437;
    const stepped = values.map((v, i) => (i < at ? v : v + 4));
    const faults = validateStream(summarise(stepped), settings);
    expect(faults.map((f) => [f.kind, f.onsetWindow, f.detectedWindow])).toEqual([
      ['offset', 33, 33],
    ]);
  });

  it('shows clipping at its 90th percentile in the window the signal first reaches it', () => {
    const sorted = values.slice(30_000).sort((a, b) => a - b);
    const ceiling = sorted[Math.floor(0.9 * sorted.length)] ?? 0;
    const clipped = values.map((v, i) => (i < 30_000 ? v : Math.min(v, ceiling)));
    const first = values.findIndex((v, i) => i >= 30_000 && v > ceiling);
    const [fault] = validateStream(summarise(clipped), settings);
    expect(fault).toMatchObject({ kind: 'clipping', onsetWindow: Math.floor(first / WINDOW) });
  });
});
