import { BAND_SHARE_OF_RATE, decimate, decimationFactor, MAX_TOEPLITZ } from './decimate.ts';
import { fddCrossCheck, type FddCheck } from './fdd-cross-check.ts';
import { modalPhaseCollinearity, realNormalised } from './mode-shape.ts';
import { prepareRecord, type PreparedRecord } from './output-correlations.ts';
import { clusterPoles } from './pole-clustering.ts';
import { ssiCov } from './ssi-cov.ts';
import { recordSpectra, spectralSupport, type SpectralSupport } from './spectral-support.ts';
import {
  DEFAULT_TOLERANCES,
  ratePoles,
  type RatedPole,
  type StabilityTolerances,
} from './stabilisation.ts';

export interface ModalOptions {
  rateHz: number;
  /** Band of the modes reported; poles outside it are left out of the clustering. */
  fminHz?: number;
  fmaxHz?: number;
  /** Largest model order (state dimension); orders 2, 4, ... up to it are identified. */
  maxOrder?: number;
  blockRows?: number;
  tolerances?: StabilityTolerances;
  /** Cut of the pole clustering's distance |Δf|/f + (1 − MAC). */
  clusterCutoff?: number;
  /** A mode must be stable at this share of the orders (and at 3 at least); default 0.3, 0.5 for one channel. */
  minStableShare?: number;
  minDampingRatio?: number;
  maxDampingRatio?: number;
  minMpc?: number;
  /** Least prominence of the summed Welch spectrum near a mode (spectral-support.ts). */
  minProminence?: number;
  /** Largest |f_SSI − f_EFDD|/f_EFDD of a reported mode (where EFDD gives an estimate). */
  maxFddDisagreement?: number;
  /** Decimation factor; by default chosen from the band (decimate.ts). */
  decimation?: number;
}

export interface IdentifiedMode {
  frequency_hz: number;
  damping_ratio: number;
  shape: number[];
  mpc: number;
  stable_orders: number;
  /**
   * Standard deviations over the cluster's stable poles (one per order): the estimate's
   * sensitivity to the model order, a lower bound of its uncertainty (it leaves out the
   * record-to-record variance a longer or another record would show).
   */
  frequency_std_hz: number;
  damping_std: number;
}

export type CheckedMode = IdentifiedMode & FddCheck;

export interface ModalResult {
  modes: CheckedMode[];
  /** Every pole with its stability, for the stabilisation diagram. */
  poles: RatedPole[];
  orders: number[];
  blockRows: number;
  /** Decimation factor applied before the analysis, the rate analysed and the band reported. */
  decimation: number;
  analysedRateHz: number;
  bandHz: [number, number];
  record: Pick<PreparedRecord, 'filledGaps' | 'filledSamples' | 'droppedRows'>;
  /** Stable clusters left out, and why: for the engineer reading the diagram. */
  rejected: { frequency_hz: number; damping_ratio: number; reason: string }[];
  /** Each reported mode's spectral cross-check, in the order of `modes`. */
  support: SpectralSupport[];
}

export const DEFAULT_MAX_ORDER = 60;
export const DEFAULT_CLUSTER_CUTOFF = 0.02;
/** Physical modes recur at most orders once they appear; noise fits come and go. */
export const DEFAULT_MIN_STABLE_SHARE = 0.3;
/**
 * With one channel, MAC and MPC are 1 for every pole, so stability over orders is the only
 * evidence left and must hold at more of them.
 */
export const SINGLE_CHANNEL_MIN_STABLE_SHARE = 0.5;
/** A structure dissipates: an undamped stable pole is a harmonic excitation (machine, mains). */
export const DEFAULT_MIN_DAMPING = 0.001;
export const DEFAULT_MAX_DAMPING = 0.2;
export const DEFAULT_MIN_MPC = 0.8;
export const DEFAULT_MIN_PROMINENCE = 3;
/**
 * A mode must complete this many cycles in the record: its correlation estimate averages that
 * many periods at most, and fewer leave damping (and a slow mode's very existence) to chance.
 * Our choice, not a cited rule: 100 cycles is 33 minutes at 0.05 Hz, 10 s at 10 Hz.
 */
export const MIN_CYCLES = 100;
/**
 * Two independent estimators further apart than this mean the record does not pin the mode
 * down. Chosen on the simulated frames (worst disagreement of true modes 0.5 %, decision 046),
 * twice the frequency tolerance.
 */
export const DEFAULT_MAX_FDD_DISAGREEMENT = 0.01;

/**
 * Block rows: enough for the largest order (l·i ≥ n + l), and towards i ≥ rate/(2·f_low), the
 * rule of thumb that the lags cover half a period of the lowest mode (Reynders 2012), as far as
 * the Toeplitz size allows.
 */
export function defaultBlockRows(
  channels: number,
  rateHz: number,
  maxOrder: number,
  fminHz: number,
): number {
  const least = Math.ceil(maxOrder / channels) + 1;
  const wanted = Math.ceil(rateHz / (2 * (fminHz > 0 ? fminHz : 0.5)));
  return Math.max(least, Math.min(wanted, Math.floor(MAX_TOEPLITZ / channels)));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

function standardDeviation(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1));
}

function meanShape(members: readonly RatedPole[]): number[] {
  const shapes = members.map((pole) => realNormalised(pole.shape));
  const reference = shapes[0] ?? [];
  const sum = reference.map(() => 0);
  for (const shape of shapes) {
    // Real-normalised shapes can come out with either sign; align them before averaging.
    const sign = shape.reduce((s, value, i) => s + value * (reference[i] ?? 0), 0) < 0 ? -1 : 1;
    shape.forEach((value, i) => {
      sum[i] = (sum[i] ?? 0) + sign * value;
    });
  }
  let largest = 0;
  for (const value of sum) if (Math.abs(value) > Math.abs(largest)) largest = value;
  return sum.map((value) => (largest === 0 ? value : value / largest));
}

/**
 * Automated operational modal analysis of one multichannel record: SSI-COV over model orders,
 * stabilisation, clustering of the stable poles, and rejection of clusters that are too small,
 * over-damped (or negatively damped) or too complex in shape to be structural modes.
 */
export function identifyModes(
  channels: readonly ArrayLike<number>[],
  options: ModalOptions,
): ModalResult {
  const l = channels.length;
  if (l === 0) throw new RangeError('no channels to analyse');
  const fmin = options.fminHz ?? 0;
  const q =
    options.decimation ??
    decimationFactor(options.rateHz, fmin, options.fmaxHz ?? 0.5 * options.rateHz, l);
  const rateHz = options.rateHz / q;
  const fmax = Math.min(
    options.fmaxHz ?? 0.5 * rateHz,
    q > 1 ? BAND_SHARE_OF_RATE * rateHz : 0.5 * rateHz,
  );
  const maxOrder = 2 * Math.floor((options.maxOrder ?? DEFAULT_MAX_ORDER) / 2);
  if (maxOrder < 2) throw new RangeError('the largest model order must be 2 or more');
  const blockRows = options.blockRows ?? defaultBlockRows(l, rateHz, maxOrder, fmin);
  const record = prepareRecord(
    q === 1 ? channels : channels.map((channel) => decimate(channel, q)),
  );
  const usable = record.mask.length - record.droppedRows;
  if (usable < 20 * blockRows) {
    throw new RangeError(
      `the record has ${usable} usable rows; at least ${20 * blockRows} are needed`,
    );
  }
  const orders = Array.from({ length: maxOrder / 2 }, (_, k) => 2 * (k + 1));
  const { poles } = ssiCov(record, { rateHz, blockRows, orders });
  const rated = ratePoles(poles, options.tolerances ?? DEFAULT_TOLERANCES);
  const candidates = rated.filter(
    (pole) => pole.stability === 'stable' && pole.frequencyHz >= fmin && pole.frequencyHz <= fmax,
  );
  const minOrders = Math.max(
    3,
    Math.ceil(
      (options.minStableShare ??
        (l === 1 ? SINGLE_CHANNEL_MIN_STABLE_SHARE : DEFAULT_MIN_STABLE_SHARE)) * orders.length,
    ),
  );
  const minDamping = options.minDampingRatio ?? DEFAULT_MIN_DAMPING;
  const maxDamping = options.maxDampingRatio ?? DEFAULT_MAX_DAMPING;
  const minMpc = options.minMpc ?? DEFAULT_MIN_MPC;
  const duration = usable / rateHz;
  const found: IdentifiedMode[] = [];
  const rejected: ModalResult['rejected'] = [];
  for (const cluster of clusterPoles(candidates, options.clusterCutoff ?? DEFAULT_CLUSTER_CUTOFF)) {
    const mode: IdentifiedMode = {
      frequency_hz: median(cluster.map((pole) => pole.frequencyHz)),
      damping_ratio: median(cluster.map((pole) => pole.dampingRatio)),
      shape: meanShape(cluster),
      mpc: median(cluster.map((pole) => modalPhaseCollinearity(pole.shape))),
      stable_orders: new Set(cluster.map((pole) => pole.order)).size,
      frequency_std_hz: standardDeviation(cluster.map((pole) => pole.frequencyHz)),
      damping_std: standardDeviation(cluster.map((pole) => pole.dampingRatio)),
    };
    const reject = (reason: string): void => {
      rejected.push({ frequency_hz: mode.frequency_hz, damping_ratio: mode.damping_ratio, reason });
    };
    if (mode.stable_orders < minOrders) {
      // Too small to be worth listing: the diagram is full of these.
      if (mode.stable_orders >= 3)
        reject(`stable at ${mode.stable_orders} orders, fewer than ${minOrders}`);
    } else if (mode.damping_ratio < minDamping) {
      reject(
        `damping ${(100 * mode.damping_ratio).toFixed(2)} % below ${100 * minDamping} %: a harmonic, not a mode`,
      );
    } else if (mode.damping_ratio > maxDamping) {
      reject(`damping ${(100 * mode.damping_ratio).toFixed(1)} % above ${100 * maxDamping} %`);
    } else if (mode.mpc < minMpc) {
      reject(`MPC ${mode.mpc.toFixed(2)} below ${minMpc}`);
    } else if (mode.frequency_hz * duration < MIN_CYCLES) {
      reject(
        `${(mode.frequency_hz * duration).toFixed(0)} cycles in the record, fewer than ${MIN_CYCLES}`,
      );
    } else found.push(mode);
  }
  found.sort((a, b) => a.frequency_hz - b.frequency_hz);
  // The gap-filled channels: Welch leaves out every segment holding a NaN, and a record with a
  // short gap every few seconds would otherwise have no spectrum at all.
  // Both spectral checks come from one pass of FFTs where their segment lengths agree.
  const spectra = found.length > 0 ? recordSpectra(record.channels, rateHz) : undefined;
  const checks = spectra
    ? spectralSupport(
        spectra.summed,
        found.map((mode) => mode.frequency_hz),
      )
    : [];
  const minProminence = options.minProminence ?? DEFAULT_MIN_PROMINENCE;
  const supported: IdentifiedMode[] = [];
  const support: SpectralSupport[] = [];
  found.forEach((mode, k) => {
    const check = checks[k] ?? { peakHz: Number.NaN, prominence: 0 };
    if (check.prominence < minProminence) {
      rejected.push({
        frequency_hz: mode.frequency_hz,
        damping_ratio: mode.damping_ratio,
        reason: `the spectrum stands only ${check.prominence.toFixed(1)}× above its surroundings there`,
      });
      return;
    }
    supported.push(mode);
    support.push(check);
  });
  const fdd = fddCrossCheck(
    record.channels,
    rateHz,
    supported.map((mode) => mode.frequency_hz),
    spectra?.cross,
  );
  const maxDisagreement = options.maxFddDisagreement ?? DEFAULT_MAX_FDD_DISAGREEMENT;
  const modes: CheckedMode[] = [];
  supported.forEach((mode, k) => {
    const check = fdd[k] ?? {
      fdd_frequency_hz: null,
      fdd_damping_ratio: null,
      fdd_difference: null,
      fdd_bin_hz: Number.NaN,
    };
    // EFDD resolves a frequency to about a bin (a slow mode can span only a few): no closer.
    const allowed = Math.max(maxDisagreement, check.fdd_bin_hz / mode.frequency_hz);
    if (check.fdd_difference !== null && Math.abs(check.fdd_difference) > allowed) {
      rejected.push({
        frequency_hz: mode.frequency_hz,
        damping_ratio: mode.damping_ratio,
        reason: `EFDD finds ${check.fdd_frequency_hz?.toFixed(3) ?? '?'} Hz, ${(100 * check.fdd_difference).toFixed(2)} % away (more than ${(100 * allowed).toFixed(1)} %)`,
      });
      return;
    }
    modes.push({ ...mode, ...check });
  });
  rejected.sort((a, b) => a.frequency_hz - b.frequency_hz);
  const { filledGaps, filledSamples, droppedRows } = record;
  return {
    modes,
    poles: rated,
    orders,
    blockRows,
    decimation: q,
    analysedRateHz: rateHz,
    bandHz: [fmin, fmax],
    record: { filledGaps, filledSamples, droppedRows },
    rejected,
    support,
  };
}
