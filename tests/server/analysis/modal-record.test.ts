import { describe, expect, it } from 'vitest';
import { chooseModalRecord, modalBandHz } from '../../../server/analysis/modal-record.ts';

const RATE = 20;
const WINDOW = 600 * RATE;

/** A window's grid holding samples from `from` to `to` seconds, NaN elsewhere. */
function grid(from: number, to: number, gap?: [number, number]): Float64Array {
  return Float64Array.from({ length: WINDOW }, (_, i) => {
    const s = i / RATE;
    const inGap = gap !== undefined && s >= gap[0] && s < gap[1];
    return s >= from && s < to && !inGap ? 1 : Number.NaN;
  });
}

// Decisions 059 and 076: the whole window when the channels recorded it, else their burst.
describe('the record of a window', () => {
  it('takes the whole window from the channels holding 90 % of it', () => {
    const grids = [grid(0, 600), grid(0, 600), grid(30, 600), grid(0, 60)];
    expect(chooseModalRecord(grids, RATE)).toEqual({
      channels: [0, 1, 2],
      from: 0,
      to: WINDOW,
      burst: false,
    });
  });

  it('takes the burst all channels recorded, leaving out one with a gap in it', () => {
    const grids = [grid(0, 60), grid(0, 60), grid(0, 60, [10, 20]), grid(0, 60)];
    expect(chooseModalRecord(grids, RATE)).toEqual({
      channels: [0, 1, 3],
      from: 0,
      to: 60 * RATE,
      burst: true,
    });
  });

  it('takes nothing from bursts shorter than a minute or from fewer than 3 channels', () => {
    expect(chooseModalRecord([grid(0, 30), grid(0, 30), grid(0, 30)], RATE)).toBeNull();
    expect(chooseModalRecord([grid(0, 60), grid(0, 60), grid(300, 360)], RATE)).toBeNull();
    expect(chooseModalRecord([grid(0, 60), grid(0, 60)], RATE)).toBeNull();
  });

  it('seeks modes up to 20 Hz, or 0.4 of a slower rate', () => {
    expect(modalBandHz(50, 20)).toBe(20);
    expect(modalBandHz(20, 20)).toBe(8);
  });
});
