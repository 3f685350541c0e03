import type { AnalysisOutcome } from './analysis-outcome.ts';

/**
 * The 'Anomaly Detection' message with what raised its episodes (decision 067): the moving
 * model, the control charts against the accepted reference, or both, and the chart statistic
 * that crossed. Unchanged where the charts did not judge or found nothing.
 */
export function anomalySources(message: string, outcome: AnalysisOutcome): string {
  const charts = outcome.controlChart;
  // Only the model found them: the message says what it always said.
  if (!charts || charts.episodes === 0) return message;
  const moving = charts.modelEpisodes;
  const parts = [
    ...(moving > 0 ? [`${moving} by the moving model`] : []),
    ...(charts.episodes > 0
      ? [
          `${charts.episodes} by the control charts against reference version ${charts.referenceVersion} (${charts.evidence.join('; ')})`,
        ]
      : []),
  ];
  // In brackets, not after a colon: 'N anomalies detected (…)' reads as one count with its sources.
  return `${message} (${parts.join('; ')})`;
}
