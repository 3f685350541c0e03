import type { BaselineVersionRow } from './baseline-versions.ts';

/**
 * The reference version in force at `instant` (decision 021 (b)): the last accepted at or before
 * it (automatically or by an engineer), undefined before the first. Proposed and rejected
 * versions were never in force; a version accepted after `instant` was not yet, whatever the
 * windows of the time it later matched (the baseline's backfill, modal-backfill.ts).
 */
export function inForceAt<Row extends Pick<BaselineVersionRow, 'version' | 'acceptedAt'>>(
  versions: readonly Row[],
  instant: Date,
): Row | undefined {
  let inForce: Row | undefined;
  for (const row of versions) {
    const accepted = row.acceptedAt?.getTime();
    if (accepted === undefined || accepted > instant.getTime()) continue;
    const current = inForce?.acceptedAt?.getTime() ?? -Infinity;
    if (accepted > current || (accepted === current && row.version > (inForce?.version ?? 0)))
      inForce = row;
  }
  return inForce;
}
