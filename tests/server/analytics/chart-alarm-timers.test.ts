import { describe, expect, it } from 'vitest';
import { chartAlarms, IMMEDIATE_ALARMS } from '../../../server/analytics/chart-alarm-timers';

// Decision 081 (i): the charts' alarm delay timers (an option; the detect command raises at once).
const above = 2;
const below = 0.5;
const run = (score: number | null, rows: number) => new Array<number | null>(rows).fill(score);

describe('control-chart alarm delay timers', () => {
  it('by default raise at the first row above 1 and end an episode after 5 quiet rows', () => {
    const scores = [...run(below, 3), above, ...run(below, 5), above, ...run(below, 2)];
    const { alarms, raised } = chartAlarms(scores, 0, IMMEDIATE_ALARMS);
    expect(alarms).toEqual([3, 9]);
    expect(raised.slice(3, 10)).toEqual([true, true, true, true, true, false, true]);
  });

  it('an on-delay ignores a blip and raises a lasting crossing at its n-th row, unjudged rows skipped', () => {
    const scores = [
      ...run(above, 5), // a 5-row blip: not raised
      ...run(below, 10),
      ...run(above, 3),
      null, // unjudged: neither counts nor breaks the run
      ...run(above, 3),
    ];
    const { alarms } = chartAlarms(scores, 0, { onRows: 6, offRows: 5 });
    expect(alarms).toEqual([21]);
  });

  it('an off-delay keeps one alarm over a spell that re-crosses the threshold', () => {
    const spell = [...run(above, 6), ...run(below, 20), ...run(above, 6), ...run(below, 80)];
    expect(chartAlarms([...spell, ...run(above, 6)], 0, { onRows: 6, offRows: 72 }).alarms).toEqual(
      [5, 117],
    );
    expect(chartAlarms(spell, 0, { onRows: 6, offRows: 5 }).alarms).toEqual([5, 31]);
  });

  it('judges nothing before the reference ends, and a prefix gives a prefix of the alarms', () => {
    const scores = [...run(above, 10), ...run(below, 10), ...run(above, 8)];
    const whole = chartAlarms(scores, 10, { onRows: 6, offRows: 72 }).alarms;
    expect(whole).toEqual([25]);
    for (let cut = 10; cut <= scores.length; cut += 1) {
      const part = chartAlarms(scores.slice(0, cut), 10, { onRows: 6, offRows: 72 }).alarms;
      expect(part).toEqual(whole.filter((i) => i < cut));
    }
  });

  it('a bypass raises a severe exceedance at once while a small blip still waits for the on-delay', () => {
    const timers = { onRows: 6, offRows: 72, bypassScore: 2 };
    const blip = [...run(1.5, 3), ...run(below, 80)]; // above 1, under 2, 3 rows: not raised
    const severe = [...run(below, 2), 2.5, ...run(1.5, 10)]; // a jump past 2: raised on its row
    expect(chartAlarms(blip, 0, timers).alarms).toEqual([]);
    expect(chartAlarms(severe, 0, timers).alarms).toEqual([2]);
    expect(chartAlarms(severe, 0, { onRows: 6, offRows: 72 }).alarms).toEqual([7]);
  });
});
