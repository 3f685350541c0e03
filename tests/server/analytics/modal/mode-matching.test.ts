import { describe, expect, it } from 'vitest';
import {
  matchToReference,
  type KeyedMode,
} from '../../../../server/analytics/modal/mode-matching.ts';

const sine = (n: number) =>
  new Map([1, 2, 3, 4, 5].map((k) => [k, Math.sin((n * Math.PI * k) / 6)]));
const mode = (frequencyHz: number, n: number): KeyedMode => ({ frequencyHz, shape: sine(n) });

describe('matchToReference (decision 059)', () => {
  const reference = [mode(1.5, 1), mode(6, 2), mode(13.5, 3)];

  it('pairs each mode with the reference mode of its frequency and shape', () => {
    const { matches, lost } = matchToReference(reference, [
      mode(1.49, 1),
      mode(6.05, 2),
      mode(13.3, 3),
    ]);
    expect(matches.map((m) => m.reference)).toEqual([0, 1, 2]);
    expect(lost).toEqual([]);
  });

  it('reports a missing mode lost, never the nearest peak of another shape in its place', () => {
    // A peak near the third mode's frequency with the second mode's shape is not the third mode.
    const { matches, lost } = matchToReference(reference, [mode(1.5, 1), mode(6, 2), mode(13, 2)]);
    expect(matches.map((m) => m.reference)).toEqual([0, 1, null]);
    expect(lost).toEqual([2]);
  });

  it('leaves a shape beyond the frequency tolerance unmatched', () => {
    const { matches, lost } = matchToReference(reference, [mode(1.9, 1)]);
    expect(matches).toEqual([{ reference: null, mac: null }]);
    expect(lost).toEqual([0, 1, 2]);
  });

  it('compares shapes only over the channels both hold, and not at all with fewer than three', () => {
    const partial: KeyedMode = {
      frequencyHz: 1.5,
      shape: new Map([
        [1, 0.5],
        [2, 0.87],
      ]),
    };
    expect(matchToReference(reference, [partial]).lost).toEqual([0, 1, 2]);
  });
});
