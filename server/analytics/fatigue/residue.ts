// What to do with the rainflow residue (the turning points no cycle closed) at the end of a
// history. See docs/decisions/007-fatigue.md.
import { RainflowCounter, type RainflowOptions } from './rainflow.ts';
import { addRange, mergeInto, type RangeHistogram } from './range-histogram.ts';

/**
 * - `half` (default): each range between consecutive residue points is half a cycle: ASTM
 *   E1049 §5.4.4 step 6, exactly what the standard's three-point counting gives for the whole
 *   history. Conservative for a history that is cut off.
 * - `repeat`: the history is a stationary block that repeats (a typical day): the residue is
 *   closed by counting it followed by itself, which gives the cycles ASTM §5.4.5 (counting a
 *   repeating history from its largest extreme) finds for one repetition. Full cycles only.
 * - `open`: not counted; it stays on the counter for the next chunk (streaming over days).
 */
export type ResidueMode = 'half' | 'repeat' | 'open';

export const DEFAULT_RESIDUE_MODE: ResidueMode = 'half';

/** Adds the residue's cycles to `histogram` per `mode`; `scale` turns its units to the bins'. */
export function countResidue(
  residue: Float64Array,
  mode: ResidueMode,
  histogram: RangeHistogram,
  scale = 1,
): void {
  if (mode === 'open') return;
  if (mode === 'half') {
    for (let i = 1; i < residue.length; i += 1) {
      addRange(
        histogram,
        Math.abs((residue[i] as number) - (residue[i - 1] as number)) * scale,
        0.5,
      );
    }
    return;
  }
  // Repeat: a fresh counter (no gate: the residue is already made of turning points) reads the
  // residue twice and ends there; the first pass closes nothing (it is a residue), the second
  // closes the cycles that span the joint. Checked against the cycles one more repetition of a
  // block adds to a long repeated history (tests/server/analytics/fatigue).
  const closer = new RainflowCounter({ binWidth: histogram.binWidth, scale });
  closer.push(residue);
  closer.push(residue);
  closer.endHistory();
  mergeInto(histogram, closer.histogram);
}

export interface CountOptions extends RainflowOptions {
  residue?: ResidueMode;
}

/** Counts a whole history (or the end of a streamed one) and settles its residue. */
export function finishCounting(
  counter: RainflowCounter,
  mode: ResidueMode = DEFAULT_RESIDUE_MODE,
): RangeHistogram {
  countResidue(counter.endHistory(), mode, counter.histogram, counter.scale);
  return counter.histogram;
}

/** Rainflow histogram of one history held in memory (tests, small series). */
export function countHistory(
  samples: Float64Array | readonly number[],
  options: CountOptions = {},
): RangeHistogram {
  const counter = new RainflowCounter(options);
  counter.push(samples);
  return finishCounting(counter, options.residue ?? DEFAULT_RESIDUE_MODE);
}
