// Twin sensors that disagree (decision 068): a pair whose response ratio moved, neither gauge
// singled out by its own checks. Said in the same words on the dashboard, in the monthly report
// and in the 'Sensor disagreement' alert (decision 074), so an engineer reads one verdict: one of
// the two is wrong, the analysis cannot tell which, and both stay in use until someone looks.
import type { Threat } from './health.ts';

/**
 * What a pair disagrees in (decision 074, 2026-12-01): the response ratio ('gain', decision 068),
 * or the level of one against its estimate from the other, stepped ('offset') or drifting
 * ('drift', decision 030's twin residual).
 */
export const DISAGREEMENT_KINDS = ['gain', 'offset', 'drift'] as const;
export type DisagreementKind = (typeof DISAGREEMENT_KINDS)[number];

export const SENSOR_DISAGREEMENT_ALERT = 'Sensor disagreement';
/**
 * The same as a 'Sensor fault': both ask for the same visit, and here the data that may be
 * wrong stays in use meanwhile, so it is no less urgent (decision 074).
 */
export const SENSOR_DISAGREEMENT_SEVERITY: Threat = 'Medium';

/** 'lions-gate-s1-str and lions-gate-s1-strb disagree' (the pair in the report's order). */
export function disagreeingPair(streamIds: readonly string[]): string {
  return `${streamIds.join(' and ')} disagree`;
}

/** What the disagreement means for the data and what to do, after the pair and its onset. */
export const DISAGREEMENT_CONSEQUENCE =
  'one of them reads wrong; neither is left out of the condition analysis, the limits or the ' +
  'fatigue counting, so inspect both';

/**
 * The analysis' words without the pair it starts with ('a and b disagree: a's response grew by
 * 10 % …' becomes 'a's response grew by 10 % …'), for a line that has just named the pair. A
 * stream id keeps its case, even first in a sentence; other words start it with a capital ('a
 * step of 4.9 µε …' becomes 'A step of 4.9 µε …').
 */
export function disagreementFinding(streamIds: readonly string[], detail: string): string {
  const lead = `${disagreeingPair(streamIds)}: `;
  const finding = detail.startsWith(lead) ? detail.slice(lead.length) : detail;
  if (streamIds.some((id) => id !== '' && finding.startsWith(id))) return finding;
  return finding.charAt(0).toUpperCase() + finding.slice(1);
}

/**
 * 'a and b disagree since <when>: one of them reads wrong; …, so inspect both. a's response
 * grew by 10 % …': the report's line and the alert's message, `since` already written.
 */
export function disagreementSentence(
  streamIds: readonly string[],
  since: string,
  detail: string,
): string {
  return (
    `${disagreeingPair(streamIds)} since ${since}: ${DISAGREEMENT_CONSEQUENCE}. ` +
    disagreementFinding(streamIds, detail)
  );
}
