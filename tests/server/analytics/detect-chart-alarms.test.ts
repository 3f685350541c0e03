import { describe, expect, it } from 'vitest';
import { IMMEDIATE_ALARMS } from '../../../server/analytics/chart-alarm-timers';
import { controlChartRows } from '../../../server/analytics/detect-control-chart';
import { createRng } from '../../../server/analytics/rng';

// Decision 081 (j): the detect command's control charts wait 6 rows before raising, unless a
// score passes twice the threshold. 600 hourly rows of three modes following temperature,
// baseline 300; every mode 0.5 % lower for 3 rows (400-402, a blip), then 2 % lower from row 500.
function bridge(): { features: number[][]; context: number[][] } {
  const rng = createRng(12);
  const features: number[][] = [];
  const context: number[][] = [];
  for (let i = 0; i < 600; i += 1) {
    const t = 5 + 8 * Math.sin(i / 12) + 0.2 * rng.normal();
    const loss = i >= 500 ? 0.02 : i >= 400 && i < 403 ? 0.005 : 0;
    const modes = [3, 10, 21].map((f) => f * (1 - 0.002 * t) * (1 + 0.002 * rng.normal()));
    features.push(modes.map((f) => f * (1 - loss)));
    context.push([t]);
  }
  return { features, context };
}

const options = { baselineRows: 300, targetFalseAlarmRate: 1 / 17_520 };

describe('detect command: control-chart alarms with delay timers and a bypass', () => {
  it('raises a 2 % loss on its first row (score above 2) and not a 3-row blip', () => {
    const rows = controlChartRows(bridge(), options);
    // The blip crosses the threshold (a score above 1) but stays under 2 and lasts 3 rows.
    expect(rows.scores.slice(400, 405).some((s) => s !== null && s > 1 && s < 2)).toBe(true);
    expect(rows.alarms).toEqual([500]);
  });

  it('the immediate rule (decision 028) alarms on the blip too; the on-delay alone waits 6 rows', () => {
    const data = bridge();
    expect(controlChartRows(data, { ...options, alarmTimers: IMMEDIATE_ALARMS }).alarms).toEqual([
      402, 500,
    ]);
    expect(
      controlChartRows(data, { ...options, alarmTimers: { onRows: 6, offRows: 72 } }).alarms,
    ).toEqual([505]);
  });
});
