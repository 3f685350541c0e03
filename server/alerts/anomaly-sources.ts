import type { AnalysisOutcome } from './analysis-outcome.ts';

/**
 * The 'Anomaly Detection' message with what raised its episodes (decision 067): the moving
 * model, the control charts against the accepted reference, or both, and the chart statistic
 * that crossed. Unchanged where the charts did not judge or found nothing.
 */
export function anomalySources(message: string, outcome: AnalysisOutcome): string {
  const charts = outcome.controlChart;
  const { modelAlone, both, chartsAlone } = charts?.sources ?? {
    modelAlone: 0,
    both: 0,
    chartsAlone: 0,
  };
  // Only the model found them: the message says what it always said.
  if (!charts || both + chartsAlone === 0) return message;
  const reference = `against reference version ${charts.referenceVersion} (${charts.evidence.join('; ')})`;
  const model = modelAlone + both;
  const parts = [
    ...(model > 0
      ? [
          `${model} by the moving model${both > 0 ? `, ${both} of them also by the control charts${chartsAlone > 0 ? '' : ` ${reference}`}` : ''}`,
        ]
      : []),
    ...(chartsAlone > 0
      ? [`${chartsAlone} by the control charts${model > 0 ? ' alone' : ''} ${reference}`]
      : []),
  ];
  // In brackets, not after a colon: 'N anomalies detected (…)' reads as one count with its
  // sources, and the counts add up to N (an episode both found is counted once).
  return `${message} (${parts.join('; ')})`;
}
