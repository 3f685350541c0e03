import { at } from './at.ts';
import { blockLength } from './block-bootstrap.ts';

/**
 * The cumulative compensated frequency shift of issue 29: for each mode, and for the mean over the
 * modes (the direction a global loss of stiffness moves), the mean Δf/f against the reference
 * state's temperature model over the judged rows among the last `windowRows`, with its standard
 * error, every row; and the bridge's trigger levels applied to it all the time, latched.
 *
 * The reference is fitted once on rows an engineer accepted and is never refitted here, so a
 * persistent loss stays in the shift however long it lasts (the stored analysis's moving baseline
 * learnt it; issue 29, finding 1). The standard error counts the window's rows as
 * `windowRows / blockRows` independent ones: healthy residuals are correlated over hours, and
 * `blockRows` is the first lag at which the reference's held-out residuals are uncorrelated
 * (block-bootstrap.ts), the same as the control charts' bootstrap uses.
 *
 * A level is crossed when the shift estimate reaches it and the shift is a loss beyond its noise
 * (its one-sided 95 % upper bound, shift + 1.645 standard errors, below zero: without a
 * temperature column a real bridge's frequencies wander by several percent, and a wander is not
 * a crossing). It stays crossed until the shift has come back half-way (above level / 2): a loss
 * that sits at the level does not flap in and out with the noise (a deadband, as alarm
 * management prescribes: EEMUA 191, ISA-18.2). An engineer's maintenance record or an accepted
 * new reference starts a new reference, which clears it.
 */
export interface ShiftReference {
  /** Held-out scatter of each mode's Δf/f, and of their mean over the modes. */
  modeSigma: number[];
  meanSigma: number;
  /** Rows over which healthy residuals stay correlated (≥ 1). */
  blockRows: number;
}

export interface TriggerLevels {
  /** Relative shifts (negative: a loss), e.g. −0.02 and −0.05. */
  amber: number;
  red: number;
}

export const DEFAULT_TRIGGER_LEVELS: TriggerLevels = { amber: -0.02, red: -0.05 };
/** A day of hourly rows: short enough to raise a 2 % loss within 48 h, long enough to average. */
export const DEFAULT_SHIFT_WINDOW_ROWS = 24;

/** The window's estimate needs a quarter of its rows judged; otherwise the level holds. */
const MIN_WINDOW_SHARE = 4;

/** One-sided 95 % normal quantile: a crossing must be a loss beyond the shift's noise. */
const LOSS_Z = 1.645;

export type TriggerLevel = 'none' | 'amber' | 'red';

export interface ShiftSeries {
  /** Mean Δf/f over the judged rows of the last `windowRows` rows (null when fewer than a quarter). */
  shift: (number | null)[];
  standardError: (number | null)[];
  /** The latched trigger level at each row. */
  level: TriggerLevel[];
}

export interface CumulativeShift {
  windowRows: number;
  levels: TriggerLevels;
  modes: ShiftSeries[];
  /** The mean of the observed modes' Δf/f per row, windowed the same way. */
  mean: ShiftSeries;
  /** The worst latched level over the modes and their mean, per row. */
  level: TriggerLevel[];
  /** Rows where the overall level changed, and to what. */
  changes: { row: number; level: TriggerLevel }[];
}

const sd = (values: readonly number[]): number => {
  const finite = values.filter(Number.isFinite);
  const mean = finite.reduce((a, b) => a + b, 0) / Math.max(1, finite.length);
  const sum = finite.reduce((a, v) => a + (v - mean) ** 2, 0);
  return Math.sqrt(sum / Math.max(1, finite.length - 1));
};

const meanOfObserved = (row: readonly number[]): number => {
  let sum = 0;
  let count = 0;
  for (const v of row) {
    if (!Number.isFinite(v)) continue;
    sum += v;
    count += 1;
  }
  return count === 0 ? Number.NaN : sum / count;
};

/** The reference's scatter and correlation length, from residuals of rows it did not fit. */
export function shiftReference(heldOut: readonly (readonly number[])[]): ShiftReference {
  const m = heldOut[0]?.length ?? 0;
  const columns = Array.from({ length: m }, (_, k) => heldOut.map((row) => at(row, k)));
  const means = heldOut.map(meanOfObserved);
  return {
    modeSigma: columns.map((c) => Math.max(sd(c), 1e-9)),
    meanSigma: Math.max(sd(means), 1e-9),
    blockRows: heldOut.length > 10 ? blockLength([means, ...columns]) : 1,
  };
}

const LEVELS: readonly TriggerLevel[] = ['none', 'amber', 'red'];

/**
 * One series' window, estimate and latched level: fed a row at a time (NaN: not observed), it
 * appends that row's values to `into` and returns the level's rank (0 none, 1 amber, 2 red). The
 * window is a ring of the judged values' rows, so a row costs a few operations.
 */
function shiftTracker(
  into: ShiftSeries,
  sigma: number,
  blockRows: number,
  windowRows: number,
  levels: TriggerLevels,
): (value: number) => number {
  const rows = new Float64Array(windowRows);
  const values = new Float64Array(windowRows);
  let head = 0;
  let count = 0;
  let sum = 0;
  let row = -1;
  let rank = 0;
  return (value) => {
    row += 1;
    while (count > 0 && (rows[head] ?? row) <= row - windowRows) {
      sum -= values[head] ?? 0;
      head = (head + 1) % windowRows;
      count -= 1;
    }
    if (Number.isFinite(value)) {
      const tail = (head + count) % windowRows;
      rows[tail] = row;
      values[tail] = value;
      sum += value;
      count += 1;
    }
    if (count * MIN_WINDOW_SHARE < windowRows) {
      into.shift.push(null);
      into.standardError.push(null);
    } else {
      const shift = sum / count;
      const standardError = sigma / Math.sqrt(Math.max(1, count / blockRows));
      const loss = shift + LOSS_Z * standardError < 0;
      const red = rank === 2 ? shift < levels.red / 2 : loss && shift <= levels.red;
      const amber = rank >= 1 ? shift < levels.amber / 2 : loss && shift <= levels.amber;
      rank = red ? 2 : amber ? 1 : 0;
      into.shift.push(shift);
      into.standardError.push(standardError);
    }
    into.level.push(at(LEVELS, rank));
    return rank;
  };
}

/**
 * The shift of every row, in order (causal: a row's values depend on it and the rows before it
 * only). `residuals[i]` is row i's Δf/f per mode against the reference (NaN: mode not
 * identified), or null where the row is unjudged (its context outside what the reference learnt):
 * the windows and levels hold over it.
 */
export function cumulativeShift(
  residuals: readonly (readonly number[] | null)[],
  reference: ShiftReference,
  options: { windowRows?: number; levels?: TriggerLevels } = {},
): CumulativeShift {
  const windowRows = options.windowRows ?? DEFAULT_SHIFT_WINDOW_ROWS;
  const levels = options.levels ?? DEFAULT_TRIGGER_LEVELS;
  const series = (): ShiftSeries => ({ shift: [], standardError: [], level: [] });
  const modes = reference.modeSigma.map(series);
  const mean = series();
  const track = (into: ShiftSeries, sigma: number) =>
    shiftTracker(into, sigma, reference.blockRows, windowRows, levels);
  const modeTrackers = reference.modeSigma.map((sigma, k) => track(at(modes, k), sigma));
  const meanTracker = track(mean, reference.meanSigma);
  const level: TriggerLevel[] = [];
  const changes: { row: number; level: TriggerLevel }[] = [];
  let previous = 0;
  residuals.forEach((row, i) => {
    let worst = meanTracker(row ? meanOfObserved(row) : Number.NaN);
    for (let k = 0; k < modeTrackers.length; k += 1) {
      worst = Math.max(worst, at(modeTrackers, k)(row ? (row[k] ?? Number.NaN) : Number.NaN));
    }
    if (worst !== previous) changes.push({ row: i, level: at(LEVELS, worst) });
    previous = worst;
    level.push(at(LEVELS, worst));
  });
  return { windowRows, levels, modes, mean, level, changes };
}
