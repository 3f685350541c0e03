import type { StoredSensorFault } from '../repositories/sensor-faults-repository.ts';
import { LATE_ITEMS_NAMED, type LateEvidenceReader, namedAtMost } from './late-evidence.ts';
import { measurementDetail } from './sensor-fault-words.ts';

/**
 * Faults in force that the scoring model may have learnt (decision 048, 2026-11-30): the onset
 * lies before the end of the model's reference period, and the fault was found after the latest
 * training, which therefore could not leave its span out. Once a training has run after the
 * fault was found (activated or held for acceptance) it is no longer listed, so it asks for one
 * retraining, not one per evaluation.
 */
export function faultsLearntByModel(
  inForce: readonly StoredSensorFault[],
  baselineEnd: Date,
  latestTrainedAt: Date,
): StoredSensorFault[] {
  return inForce.filter(
    (f) => f.onsetMs < baselineEnd.getTime() && f.detectedAt.getTime() > latestTrainedAt.getTime(),
  );
}

/** The retraining's cause, as the reference version states it; names at most a few faults. */
export function learntFaultsWords(faults: readonly StoredSensorFault[]): string {
  const listed = namedAtMost(
    faults.slice(0, LATE_ITEMS_NAMED).map((f) => `${f.streamId}: ${measurementDetail(f)}`),
    faults.length,
  );
  return (
    `Retrained because the previous model learnt data from a sensor fault's span, found after it ` +
    `was trained (${listed}); this training leaves that span out.`
  );
}

/** The late-evidence reader of faults found late: no query, the faults in force are read. */
export const learntFaults: LateEvidenceReader = (scope) => {
  const faults = faultsLearntByModel(scope.faultsInForce, scope.baselineEnd, scope.trainedAt);
  return Promise.resolve(
    faults.length > 0 ? { count: faults.length, words: learntFaultsWords(faults) } : null,
  );
};
