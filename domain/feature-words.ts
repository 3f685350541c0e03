// Feature names as people read them (issue 31, decision 076 amended 2026-12-02 (c)). A peak
// tracker's feature '<stream>.f<k>' names its stream, and is shown as it is; an SSI mode's
// 'ssi.f<k>' names no stream ('ssi' is the identification over a span's accelerometers
// together), so it is shown as the span's mode with its reference frequency when the
// evaluation says which ('Main span mode 1 (SSI, 2.43 Hz)'), else as 'SSI mode k'.

/** What an evaluation report carries for its SSI features: feature name -> words. */
export type FeatureLabels = Readonly<Record<string, string>>;

const SSI_FEATURE = /^ssi\.f(\d+)$/;

/** The mode number of an SSI feature ('ssi.f2' -> 2), null for any other feature. */
export function ssiModeOf(feature: string): number | null {
  const match = SSI_FEATURE.exec(feature);
  return match ? Number(match[1]) : null;
}

/** 'Main span mode 1 (SSI, 2.43 Hz)': the span, the reference mode's number and frequency. */
export const ssiModeLabel = (spanLabel: string, mode: number, referenceHz: number): string =>
  `${spanLabel} mode ${mode} (SSI, ${referenceHz.toFixed(2)} Hz)`;

/** A feature in words: its label when the report gives one, 'SSI mode k', or the name itself. */
export function featureText(feature: string, labels?: FeatureLabels): string {
  const label = labels?.[feature];
  if (label !== undefined) return label;
  const mode = ssiModeOf(feature);
  return mode === null ? feature : `SSI mode ${mode}`;
}

/** Where a contributor's share comes from: an SSI mode in words, else its stream (or feature). */
export const contributorText = (
  contributor: { feature: string; datastream: string | null },
  labels?: FeatureLabels,
): string =>
  ssiModeOf(contributor.feature) !== null
    ? featureText(contributor.feature, labels)
    : (contributor.datastream ?? contributor.feature);

/** What a tracked frequency says of where it comes from (contract `TrackedFrequency`). */
export interface TrackedFrequencySource {
  feature: string;
  datastream: string | null;
  label?: string;
}

/**
 * A tracked frequency as the contract has it since decision 076 (d): an SSI mode names no data
 * stream (null) but a label, the report's words for it ('SSI mode k' without them); a peak
 * tracker's is unchanged. Reports stored before carried 'ssi' as an SSI mode's stream: they read
 * the same through this.
 */
export function truthfulTrackedFrequency<T extends TrackedFrequencySource>(
  frequency: T,
  labels?: FeatureLabels,
): T {
  if (ssiModeOf(frequency.feature) === null) return frequency;
  return {
    ...frequency,
    datastream: null,
    label: frequency.label ?? featureText(frequency.feature, labels),
  };
}

/** A tracked frequency's source in words: an SSI mode's label, else its stream (or feature). */
export const trackedFrequencyText = (
  frequency: TrackedFrequencySource,
  labels?: FeatureLabels,
): string => {
  const truthful = truthfulTrackedFrequency(frequency, labels);
  return truthful.label ?? truthful.datastream ?? truthful.feature;
};
