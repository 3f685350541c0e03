import { describe, expect, it } from 'vitest';
import { stopsAtTimes } from '../../../../src/ui/chart/chart-stops';

describe('stopsAtTimes', () => {
  it('gives one stop per time, in time order, with every line’s text at that time', () => {
    const stops = stopsAtTimes(
      [
        { x: 20, text: 'Mode 1 1.000 Hz' },
        { x: 10, text: 'Mode 1 1.010 Hz' },
        { x: 20, text: 'Mode 2 lost' },
        { x: 10, text: 'Mode 2 2.000 Hz' },
      ],
      (ms) => `t${ms}`,
    );
    expect(stops).toEqual([
      { x: 10, text: 't10: Mode 1 1.010 Hz, Mode 2 2.000 Hz' },
      { x: 20, text: 't20: Mode 1 1.000 Hz, Mode 2 lost' },
    ]);
  });

  it('gives no stops for no lines', () => {
    expect(stopsAtTimes([], String)).toEqual([]);
  });
});
