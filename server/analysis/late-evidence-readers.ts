import { learntFaults } from './learnt-faults.ts';
import { learntStatuses } from './learnt-statuses.ts';
import type { LateEvidenceReader, LateEvidenceScope } from './late-evidence.ts';

/** Every kind of late evidence (late-evidence.ts); a new kind is one more entry. */
export const LATE_EVIDENCE_READERS: readonly LateEvidenceReader[] = [learntFaults, learntStatuses];

/**
 * The causes of a retraining that late evidence asks for, one per reader that found some, in
 * the list's order; empty when there is none or no model trained yet to have learnt it.
 */
export async function lateEvidenceCauses(
  scope: Omit<LateEvidenceScope, 'baselineEnd' | 'trainedAt'> & {
    baselineEnd: Date | null | undefined;
    trainedAt: Date | null | undefined;
  },
): Promise<string[]> {
  const { baselineEnd, trainedAt } = scope;
  if (!baselineEnd || !trainedAt) return [];
  const found = await Promise.all(
    LATE_EVIDENCE_READERS.map((read) => read({ ...scope, baselineEnd, trainedAt })),
  );
  return found.flatMap((evidence) => (evidence ? [evidence.words] : []));
}
