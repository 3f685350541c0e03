import { at } from './at.ts';
import {
  chooseCompensation,
  CURRENT_CANDIDATES,
  designBuilder,
  type CandidateSet,
  relativeResiduals,
  type CompensationForm,
  type ModalCompensation,
} from './compensation-model.ts';
import {
  calibrateCharts,
  chartScorer,
  type CalibrationOptions,
  type ChartCalibration,
  type ControlChartModel,
} from './control-charts.ts';
import type { Recentring } from './chart-recentring.ts';
import { baseTemperature, coldFloorC, type ColdFloorRule } from './cold-floor.ts';
import { shiftReference, type ShiftReference } from './cumulative-shift.ts';
import { edgeErrorPerC, shrinkResiduals, warmExcess } from './edge-error.ts';
import { chooseProjection } from './environmental-factors.ts';
import {
  judgeRow,
  STRICT_RANGE,
  type ExtrapolationMargin,
  type RowJudgement,
} from './extrapolation-margin.ts';
import { chooseCompensationPerModeFrost } from './per-mode-frost.ts';

/**
 * The control-chart detector of issue 29, trained on a healthy block of rows (modal frequencies
 * and their context): the environmental model's form and the number of common factors removed
 * are chosen on held-out blocks of that training block, and the charts' threshold is set for an
 * in-control average run length on a block bootstrap of the held-out residuals
 * (compensation-model.ts, environmental-factors.ts, control-charts.ts).
 */
export interface ControlChartDetector {
  compensation: ModalCompensation;
  charts: ControlChartModel;
  calibration: ChartCalibration;
  /** Scatter and correlation length of the held-out Δf/f: the cumulative shift's uncertainty. */
  reference: ShiftReference;
  /** How far beyond the learnt temperatures rows are still judged (decision 081). */
  extrapolation: ExtrapolationMargin;
  /**
   * Rows whose base temperature (cold-floor.ts) is colder than this, °C, are unjudged (decision
   * 081 (e)); absent: no floor beyond the learnt range.
   */
  coldFloorC?: number;
  /**
   * Per mode, the form's measured extrapolation error past the warm edge (relative, per °C;
   * decision 081 (h)); null: not measured (warm rows beyond the range stay unjudged under a
   * widening margin). Absent: not computed (no widening margin at training).
   */
  edgeErrorPerC?: number[] | null;
  /** How the choices went, for the record: each form's held-out error, each factor count's separation. */
  choice: {
    forms: { form: CompensationForm; heldOutMeanSquare: number }[];
    factorSeparations: number[];
    heldOutRows: number;
  };
}

/**
 * In-control average run length aimed at: 17,520 rows, two years of hourly rows. The shortest of
 * 720 to 43,800 rows whose false-alarm episodes on the tuning seeds' healthy months stayed at one
 * a bridge-year or fewer (tests/bench/control-chart-tuning.ts, docs/decisions/028): the
 * bootstrap of a winter baseline's residuals promises fewer than spring and summer then give.
 */
export const DEFAULT_ARL_ROWS = 17_520;

/** The detect command's candidate forms and selection rule (decision 081, amendment (c)). */
export const DETECT_CANDIDATES: CandidateSet = CURRENT_CANDIDATES;

/**
 * The detect command's threshold calibration (decision 081 (d)): decision 028's (the
 * autocorrelation rule's block length, the largest scaled statistic, no adapting scale).
 */
export const DETECT_CALIBRATION: CalibrationOptions = {};

/** The detect command's margin beyond the learnt temperatures (decision 081). */
export const DEFAULT_EXTRAPOLATION: ExtrapolationMargin = STRICT_RANGE;

/** Whether the frost hinges are chosen for all modes together or per mode (decision 081 (e)). */
export type FrostChoice = 'shared' | 'per-mode';

/** The detect command's frost choice and cold floor (decision 081 (e)). */
export const DETECT_FROST: FrostChoice = 'shared';
export const DETECT_COLD_FLOOR: ColdFloorRule = 'none';

/** The detect command's re-centring of the charts (decision 081 (g)): none. */
export const DETECT_RECENTRE: Recentring | undefined = undefined;

export function trainControlChart(
  baseline: { features: readonly (readonly number[])[]; context: readonly (readonly number[])[] },
  options: {
    targetArlRows?: number;
    seed?: number;
    extrapolation?: ExtrapolationMargin;
    candidates?: CandidateSet;
    /** How the threshold is set and the charts combined (decision 081 (d)). */
    calibration?: CalibrationOptions;
    /** How far into the cold rows are judged (decision 081 (e)). */
    coldFloor?: ColdFloorRule;
    /** 'per-mode': each mode chooses its own frost hinges (decision 081 (e), candidate B). */
    frost?: FrostChoice;
    /** A slow, guarded re-centring of the charts (decision 081 (g)); null: none. */
    recentre?: Recentring | null;
  } = {},
): ControlChartDetector {
  const choose =
    (options.frost ?? DETECT_FROST) === 'per-mode'
      ? chooseCompensationPerModeFrost
      : chooseCompensation;
  const choice = choose(
    baseline.features,
    baseline.context,
    options.candidates ?? DETECT_CANDIDATES,
  );
  const floor = coldFloorC(
    options.coldFloor ?? DETECT_COLD_FLOOR,
    choice.model,
    baseline.context,
    choice.heldOut.rows,
  );
  const { projection, separations } = chooseProjection(choice.heldOut.residuals);
  const { model, calibration } = calibrateCharts(
    choice.heldOut.residuals,
    projection,
    options.targetArlRows ?? DEFAULT_ARL_ROWS,
    { ...(options.calibration ?? DETECT_CALIBRATION), seed: options.seed },
  );
  const recentre = options.recentre === undefined ? DETECT_RECENTRE : options.recentre;
  const extrapolation = options.extrapolation ?? DEFAULT_EXTRAPOLATION;
  const widening = extrapolation.widening;
  return {
    compensation: choice.model,
    charts: recentre ? { ...model, recentre } : model,
    calibration,
    reference: shiftReference(choice.heldOut.residuals),
    extrapolation,
    ...(floor === null ? {} : { coldFloorC: floor }),
    ...(widening
      ? {
          edgeErrorPerC: edgeErrorPerC(choice.model, baseline.features, baseline.context, widening),
        }
      : {}),
    choice: {
      forms: choice.candidates,
      factorSeparations: separations,
      heldOutRows: choice.heldOut.rows.length,
    },
  };
}

export interface ControlChartScores {
  /** Per row, higher = more damaged, above 1 = alarm; null where unjudged or nothing observed. */
  scores: (number | null)[];
  /** Rows whose context lies outside what the environmental model learnt, beyond the margin. */
  unjudged: number[];
  /** Rows judged by extrapolation: outside the learnt range, within the margin. */
  extrapolated: number[];
}

/**
 * Scores rows in order from the first (the lagged temperature and the charts carry state from
 * row to row, so a row's score depends on it and the rows before it only).
 */
export function scoreControlChart(
  detector: ControlChartDetector,
  data: { features: readonly (readonly number[])[]; context: readonly (readonly number[])[] },
): ControlChartScores {
  const score = chartScorer(detector.charts);
  const unjudged: number[] = [];
  const extrapolated: number[] = [];
  const scores = eachResidual(detector, data, (residuals, i, judgement) => {
    if (residuals === null) unjudged.push(i);
    if (judgement === 'extrapolated') extrapolated.push(i);
    return score(residuals);
  });
  return { scores, unjudged, extrapolated };
}

/**
 * Each row's Δf/f per mode against the environmental model (a copy per row), or null where its
 * context lies outside what the model learnt: the cumulative shift's input.
 */
export function compensatedResiduals(
  detector: ControlChartDetector,
  data: { features: readonly (readonly number[])[]; context: readonly (readonly number[])[] },
): (number[] | null)[] {
  return eachResidual(detector, data, (residuals) => (residuals ? [...residuals] : null));
}

/**
 * Calls `visit` with each row's residuals (a reused array; null = unjudged) and how the row was
 * judged, in row order.
 */
function eachResidual<T>(
  detector: ControlChartDetector,
  data: { features: readonly (readonly number[])[]; context: readonly (readonly number[])[] },
  visit: (residuals: readonly number[] | null, row: number, judgement: RowJudgement) => T,
): T[] {
  const build = designBuilder(detector.compensation.form);
  const residuals = new Array<number>(detector.charts.modeSigma.length);
  const widening = detector.extrapolation.widening;
  return data.features.map((features, i) => {
    const { design, inputs } = build(at(data.context, i));
    const judgement = judgeRow(detector.compensation, inputs, design, detector.extrapolation);
    if (judgement === 'outside' || belowFloor(detector, inputs)) return visit(null, i, 'outside');
    const relative = relativeResiduals(detector.compensation, design, features, residuals);
    if (judgement !== 'extrapolated' || !widening) return visit(relative, i, judgement);
    // Decision 081 (h): beyond the warm edge, only what exceeds the widened interval counts.
    const shrunk = widened(detector, inputs, relative, widening.factor);
    return shrunk ? visit(shrunk, i, judgement) : visit(null, i, 'outside');
  });
}

/** Rule W's shrunk residuals of an extrapolated row, or null when the edge error is unmeasured. */
function widened(
  detector: ControlChartDetector,
  inputs: readonly number[],
  relative: number[],
  factor: number,
): number[] | null {
  const error = detector.edgeErrorPerC;
  if (!error) return null;
  return shrinkResiduals(relative, error, factor, warmExcess(detector.compensation, inputs));
}

/** Colder than the detector's cold floor (never true without one; a missing value is not). */
function belowFloor(detector: ControlChartDetector, inputs: readonly number[]): boolean {
  if (detector.coldFloorC === undefined) return false;
  return baseTemperature(detector.compensation, inputs) < detector.coldFloorC;
}
