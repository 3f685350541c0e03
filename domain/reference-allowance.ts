// How far a retrained reference version may differ from the active one and still become the
// reference by rule (decision 067, amended 2026-12-01; decision 073, amended 2026-12-01 morning).
// Shared by the server (reference-acceptance.ts decides) and the SPA (the version card says
// what the rule made of each mode).

/**
 * The share of the amber level (decision 025: −2 % by default, per bridge) a mode must rise by,
 * beyond its uncertainty, before a stiffer version is held: 1/8, 0.25 % at −2 %, chosen on
 * tuning seeds 1-8 (decision 067, amended 2026-12-01). A loss beyond the uncertainty holds a
 * version at any size.
 */
export const STIFFER_SHARE_OF_AMBER = 0.125;

/** The rise a mode may show beyond its uncertainty and still be accepted, percent (positive). */
export const stifferAllowancePercent = (amberPercent: number): number =>
  Math.abs(amberPercent) * STIFFER_SHARE_OF_AMBER;

/** What the rule makes of one mode against the active version (E_n: decision 041's number). */
export function modeVerdict(shiftPercent: number, en: number, amberPercent: number | null): string {
  if (en <= 1) return 'agrees';
  const size = `${Math.abs(shiftPercent).toFixed(2)} %`;
  if (shiftPercent < 0) return `lower by ${size}, beyond the uncertainty — held for an engineer`;
  if (amberPercent === null) return `higher by ${size}, beyond the uncertainty`;
  const allowance = `${Number(stifferAllowancePercent(amberPercent).toFixed(2))} %`;
  return shiftPercent > stifferAllowancePercent(amberPercent)
    ? `higher by ${size}, beyond the ${allowance} allowance — held for an engineer`
    : `higher by ${size}, within the ${allowance} allowance — accepted`;
}
