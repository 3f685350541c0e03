import { type KeyedMode, matchToReference } from '../analytics/modal/mode-matching.ts';
import { type FeatureLabels, ssiModeLabel } from '../../domain/feature-words.ts';
import type { ModeShapePoint } from '../db/schema.ts';

/** A reference mode the detector's SSI features are matched to: its frequency and real shape. */
export interface SsiReferenceMode {
  frequencyHz: number;
  shape: ModeShapePoint[];
}

/**
 * The SSI modes a plan feeds the detector (issue 31, decision 076 amended 2026-12-02): fixed at
 * training and stored with the model, as the peak trackers' initial frequencies are.
 */
export interface SsiPlan {
  /** The bridge whose stored identified windows (identified_modes) are read. */
  bridgeId: number;
  /** The modal span's tracker group (dataset-plan.ts' `trackerGroup`) the SSI modes replace. */
  group: string;
  /** The span's label, for the features' words (absent in plans stored before it was kept). */
  spanLabel?: string;
  modes: SsiReferenceMode[];
}

/** One stored identified window: its start and the modes found in it (lost rows left out). */
export interface IdentifiedWindow {
  start: number;
  modes: { frequencyHz: number; shape: readonly ModeShapePoint[] }[];
}

/**
 * `ssi.f<k>`: the `.f<k>` ending is what every mode-reading step (frequency shift, missing-mode
 * rate, baseline summary, charts, cumulative shift) takes for a mode; `ssi` names no data stream,
 * so no stream is read for it, and it never shares a name with a peak tracker's `<stream>.f<k>`.
 */
export const ssiFeatureNames = (ssi: Pick<SsiPlan, 'modes'>): string[] =>
  ssi.modes.map((_, k) => `ssi.f${k + 1}`);

/** Each SSI feature in words ('Main span mode 1 (SSI, 2.43 Hz)'), for the report's feature_labels. */
export const ssiFeatureLabels = (ssi: Pick<SsiPlan, 'modes' | 'spanLabel'>): FeatureLabels =>
  Object.fromEntries(
    ssi.modes.map((m, k) => [
      `ssi.f${k + 1}`,
      ssiModeLabel(ssi.spanLabel ?? 'Modal span', k + 1, m.frequencyHz),
    ]),
  );

const keyed = (frequencyHz: number, shape: readonly ModeShapePoint[]): KeyedMode => ({
  frequencyHz,
  shape: new Map(shape.map((p) => [p.datastream_id, p.value])),
});

/** A stored window's rows (any order) as an identified window; lost rows carry no mode. */
export function identifiedWindow(
  rows: readonly { windowStart: Date; frequencyHz: number | null; shape: ModeShapePoint[] }[],
): IdentifiedWindow | null {
  const first = rows[0];
  if (!first) return null;
  return {
    start: first.windowStart.getTime(),
    modes: rows.flatMap((r) =>
      r.frequencyHz === null || r.shape.length === 0
        ? []
        : [{ frequencyHz: r.frequencyHz, shape: r.shape }],
    ),
  };
}

/**
 * Each window's SSI features: per reference mode, the frequency of the identified mode matched
 * to it by frequency and MAC (mode-matching.ts' tolerances), NaN when it was lost. A lost mode is
 * never replaced by the nearest peak: only a match within both tolerances gives a value.
 */
export function ssiFeatureRows(
  reference: readonly SsiReferenceMode[],
  windows: readonly IdentifiedWindow[],
): Map<number, number[]> {
  const references = reference.map((r) => keyed(r.frequencyHz, r.shape));
  const rows = new Map<number, number[]>();
  for (const window of windows) {
    const found = window.modes.map((m) => keyed(m.frequencyHz, m.shape));
    const { matches } = matchToReference(references, found);
    const features = new Array<number>(reference.length).fill(Number.NaN);
    matches.forEach((match, f) => {
      if (match.reference !== null) features[match.reference] = found[f]?.frequencyHz ?? Number.NaN;
    });
    rows.set(window.start, features);
  }
  return rows;
}
