// Evidence entered after a model was trained about a time inside its reference (issue 30): a
// fault found late (learnt-faults.ts), a register status changed late (learnt-statuses.ts). Each
// kind is read by one reader; any found asks for one retraining, and its words say why in the new
// version's reason (late-evidence-readers.ts lists the readers, analyse-bridge.ts runs them).
import type { Db } from '../db/client.ts';
import type { StoredSensorFault } from '../repositories/sensor-faults-repository.ts';

/** What a reader looks at: the scoring model's reference end and the latest training. */
export interface LateEvidenceScope {
  db: Db;
  bridgeId: number;
  baselineEnd: Date;
  /** The latest training (its reference version's creation, active or not). */
  trainedAt: Date;
  /** The bridge's sensor faults in force after this evaluation's check, read once already. */
  faultsInForce: readonly StoredSensorFault[];
}

/** What one reader found: how many items, and the retraining's cause in words. */
export interface LateEvidence {
  count: number;
  words: string;
}

export type LateEvidenceReader = (scope: LateEvidenceScope) => Promise<LateEvidence | null>;

/**
 * The most items one cause names: a register rewritten in bulk may change hundreds of statuses,
 * and the version's reason is read on a card, so the rest are counted, not listed.
 */
export const LATE_ITEMS_NAMED = 5;

/** `named` (at most LATE_ITEMS_NAMED of them are used) joined, then how many of `total` are not. */
export function namedAtMost(named: readonly string[], total: number): string {
  const listed = named.slice(0, LATE_ITEMS_NAMED);
  const more = total - listed.length;
  return [...listed, ...(more > 0 ? [`and ${more} more`] : [])].join('; ');
}
