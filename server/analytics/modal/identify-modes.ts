import { modalPhaseCollinearity, realNormalised } from './mode-shape.ts';
import { prepareRecord, type PreparedRecord } from './output-correlations.ts';
import { clusterPoles } from './pole-clustering.ts';
import { ssiCov } from './ssi-cov.ts';
import { spectralSupport, type SpectralSupport } from './spectral-support.ts';
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
}

export interface IdentifiedMode {
  frequency_hz: number;
  damping_ratio: number;
  shape: number[];
  mpc: number;
  stable_orders: number;
}

export interface ModalResult {
  modes: IdentifiedMode[];
  /** Every pole with its stability, for the stabilisation diagram. */
  poles: RatedPole[];
  orders: number[];
  blockRows: number;
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
/** Largest Toeplitz size chosen by default: the SVD's cost grows with its cube. */
const MAX_DEFAULT_TOEPLITZ = 200;

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
  const wanted = Math.ceil(rateHz / (2 * Math.max(fminHz, 0.5)));
  return Math.max(least, Math.min(wanted, Math.floor(MAX_DEFAULT_TOEPLITZ / channels)));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
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
  const { rateHz } = options;
  const fmin = options.fminHz ?? 0;
  const fmax = options.fmaxHz ?? 0.5 * rateHz;
  const maxOrder = 2 * Math.floor((options.maxOrder ?? DEFAULT_MAX_ORDER) / 2);
  if (maxOrder < 2) throw new RangeError('the largest model order must be 2 or more');
  const blockRows = options.blockRows ?? defaultBlockRows(l, rateHz, maxOrder, fmin);
  const record = prepareRecord(channels);
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
  const found: IdentifiedMode[] = [];
  const rejected: ModalResult['rejected'] = [];
  for (const cluster of clusterPoles(candidates, options.clusterCutoff ?? DEFAULT_CLUSTER_CUTOFF)) {
    const mode: IdentifiedMode = {
      frequency_hz: median(cluster.map((pole) => pole.frequencyHz)),
      damping_ratio: median(cluster.map((pole) => pole.dampingRatio)),
      shape: meanShape(cluster),
      mpc: median(cluster.map((pole) => modalPhaseCollinearity(pole.shape))),
      stable_orders: new Set(cluster.map((pole) => pole.order)).size,
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
    } else found.push(mode);
  }
  found.sort((a, b) => a.frequency_hz - b.frequency_hz);
  // The gap-filled channels: Welch leaves out every segment holding a NaN, and a record with a
  // short gap every few seconds would otherwise have no spectrum at all.
  const checks = spectralSupport(
    record.channels,
    rateHz,
    found.map((mode) => mode.frequency_hz),
  );
  const minProminence = options.minProminence ?? DEFAULT_MIN_PROMINENCE;
  const modes: IdentifiedMode[] = [];
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
    modes.push(mode);
    support.push(check);
  });
  rejected.sort((a, b) => a.frequency_hz - b.frequency_hz);
  const { filledGaps, filledSamples, droppedRows } = record;
  return {
    modes,
    poles: rated,
    orders,
    blockRows,
    record: { filledGaps, filledSamples, droppedRows },
    rejected,
    support,
  };
}
