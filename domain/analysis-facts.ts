// What the analysis knows about itself, in the dashboard's words (issue 15): how much of the
// year the baseline has seen, what it could not judge, and how sure its frequencies are.

/** Months of conditions a baseline needs before it has seen a whole year. */
export const FULL_CYCLE_MONTHS = 12;

/**
 * 'Learning: n of 12 months of conditions seen' until the baseline covers a full annual cycle
 * with a frozen deck (frost is the largest change of the year: a year without it is not learnt).
 * `frost` is undefined without a temperature stream, when frost cannot be known.
 */
export function learningText(months: number, frost: boolean | undefined): string {
  const seen = Math.max(0, Math.min(FULL_CYCLE_MONTHS, Math.floor(months)));
  if (seen < FULL_CYCLE_MONTHS) {
    return `Learning: ${seen} of ${FULL_CYCLE_MONTHS} months of conditions seen`;
  }
  if (frost === false) {
    return `Learning: ${seen} of ${FULL_CYCLE_MONTHS} months of conditions seen, no frost yet`;
  }
  return frost ? 'A full year of conditions learnt, frost included' : 'A full year learnt';
}

export const isLearning = (months: number, frost: boolean | undefined): boolean =>
  months < FULL_CYCLE_MONTHS || frost === false;

/** '12 of 1,008 windows, not judged'. */
export function outsideLearnedText(outside: number, windows: number): string {
  return `${outside.toLocaleString('en')} of ${windows.toLocaleString('en')} ${windows === 1 ? 'window' : 'windows'}, not judged`;
}

/** A share 0..1 as a percent with one decimal ('3.2 %'); below 0.05 % but above 0, '< 0.1 %'. */
export function percentText(share: number): string {
  const percent = 100 * share;
  if (percent > 0 && percent < 0.05) return '< 0.1 %';
  return `${percent.toFixed(1)} %`;
}

/** Decimals that show an uncertainty to at least one significant figure (3 at least). */
function decimalsFor(uncertainty: number): number {
  if (!(uncertainty > 0)) return 3;
  return Math.max(3, Math.min(6, Math.ceil(-Math.log10(uncertainty))));
}

/** 'f1 2.412 Hz ± 0.006 Hz (0.25 %)'; without an uncertainty, says it is not known yet. */
export function frequencyText(mode: number, hz: number, uncertaintyHz: number | null): string {
  if (uncertaintyHz === null || !Number.isFinite(uncertaintyHz)) {
    return `f${mode} ${hz.toFixed(3)} Hz (uncertainty not known yet)`;
  }
  const decimals = decimalsFor(uncertaintyHz);
  const percent = hz > 0 ? (100 * uncertaintyHz) / hz : 0;
  const share = percent > 0 && percent < 0.01 ? percent.toPrecision(1) : percent.toFixed(2);
  return `f${mode} ${hz.toFixed(decimals)} Hz ± ${uncertaintyHz.toFixed(decimals)} Hz (${share} %)`;
}
