import { trainDetector } from '../../server/analytics/detector.ts';
import { type MethodName, type TrainedDetector } from '../../server/analytics/detector-types.ts';
import { TRAINERS } from '../../server/analytics/detect.ts';
import { DAMAGE_FROM, TEST_FROM, type BenchCase } from './detect-scenarios.ts';

export interface CaseResult {
  method: MethodName;
  case: string;
  trainingS: number;
  threshold: number;
  damagedWindows: number;
  detectionRate: number;
  healthyWindows: number;
  falseAlarmRate: number;
  /** Healthy windows colder or warmer than any baseline window, and their false-alarm rate. */
  outsideWindows: number;
  outsideFalseAlarmRate: number;
  /** False-alarm rate on healthy windows inside the baseline's temperature range. */
  insideFalseAlarmRate: number;
  /** Hours from the damage to the first anomalous window after it (null: never). */
  delayHours: number | null;
  skippedFaulty: number;
}

export async function trainFor(
  method: MethodName,
  c: BenchCase,
  seed = 1,
  epochs?: number,
): Promise<TrainedDetector> {
  const rows = c.set.windows.slice(0, c.baselineRows).filter((_, i) => !c.declaredFaulty[i]);
  return trainDetector(
    method,
    TRAINERS[method],
    { features: rows.map((w) => w.features), context: rows.map((w) => [w.temperatureC]) },
    { seed, epochs },
  );
}

export async function evaluate(method: MethodName, c: BenchCase): Promise<CaseResult> {
  const detector = await trainFor(method, c);
  let damaged = 0;
  let detected = 0;
  let healthy = 0;
  let falseAlarms = 0;
  let skipped = 0;
  let firstDetection: number | null = null;
  let outside = 0;
  let outsideAlarms = 0;
  c.set.windows.forEach((w, i) => {
    if (w.start < TEST_FROM) return;
    if (c.declaredFaulty[i]) {
      skipped += 1;
      return;
    }
    const error = detector.score(w.features, [w.temperatureC]);
    const anomalous = Number.isFinite(error) && error > detector.threshold;
    if (w.damaged) {
      damaged += 1;
      if (anomalous) detected += 1;
      if (anomalous && firstDetection === null) firstDetection = w.end;
    } else {
      healthy += 1;
      if (anomalous) falseAlarms += 1;
      if (detector.outsideBaseline([w.temperatureC])) {
        outside += 1;
        if (anomalous) outsideAlarms += 1;
      }
    }
  });
  return {
    method,
    case: c.name,
    trainingS: detector.trainingMs / 1000,
    threshold: detector.threshold,
    damagedWindows: damaged,
    detectionRate: damaged > 0 ? detected / damaged : Number.NaN,
    healthyWindows: healthy,
    falseAlarmRate: healthy > 0 ? falseAlarms / healthy : Number.NaN,
    outsideWindows: outside,
    outsideFalseAlarmRate: outside > 0 ? outsideAlarms / outside : Number.NaN,
    insideFalseAlarmRate: (falseAlarms - outsideAlarms) / Math.max(1, healthy - outside),
    delayHours: firstDetection === null ? null : (firstDetection - DAMAGE_FROM) / 3_600_000,
    skippedFaulty: skipped,
  };
}
