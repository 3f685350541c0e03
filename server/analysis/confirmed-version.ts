import type { AnchorCandidate } from './baseline-versions.ts';

/**
 * The version an engineer's act last made the bridge's reference (decision 073, amended
 * 2026-12-01 morning), the cumulative check's anchor: the commissioning version (the first ever
 * accepted), one an engineer accepted, or a repair's re-baselining (decision 023; its modes keep
 * the sensitivity of the version before, decision 051, or its reason names the maintenance).
 * Versions accepted by the rule alone never move it: each was only compared with the one before.
 * `rows` newest first, as BaselineVersions.anchorCandidates gives them.
 */
export function confirmedVersion<Row extends AnchorCandidate>(
  rows: readonly Row[],
): Row | undefined {
  const accepted = rows.filter((r) => r.acceptedAt !== null);
  const first = accepted.at(-1);
  return accepted.find(
    (r) =>
      r === first ||
      r.acceptedBy !== null ||
      r.modes.some((m) => m.sensitivity_from !== undefined) ||
      r.reason.includes('Re-baselined after the maintenance'),
  );
}
