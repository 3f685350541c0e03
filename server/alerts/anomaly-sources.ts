import type { AnalysisOutcome } from './analysis-outcome.ts';

/**
 * The 'Anomaly Detection' message with what raised its episodes (decision 067): the moving
 * model, the control charts against the accepted reference, or both, and the chart statistic
 * that crossed. Unchanged where the charts did not judge (no reference with charts).
 */
export function anomalySources(message: string, outcome: AnalysisOutcome): string {
  const charts = outcome.controlChart;
  if (!charts) return message;
  const moving = charts.modelEpisodes;
  const parts = [
    ...(moving > 0 ? [`${moving} by the moving model`] : []),
    ...(charts.episodes > 0
      ? [
          `${charts.episodes} by the control charts against reference version ${charts.referenceVersion} (${charts.evidence.join('; ')})`,
        ]
      : []),
  ];
  return parts.length === 0 ? message : `${message}: ${parts.join(', ')}`;
}
