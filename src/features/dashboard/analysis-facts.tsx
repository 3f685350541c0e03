import type { AnomalyReport } from '../../api/queries/analytics';
import {
  frequencyText,
  learningText,
  outsideLearnedText,
  percentText,
} from '../../../domain/analysis-facts';
import { trackedFrequencyText } from '../../../domain/feature-words';
import * as styles from './dashboard.css';

/**
 * What the analysis knows and could not judge, as facts of the monitoring status (issue 15):
 * how much of the year the baseline has learnt, the windows outside it, the modes it lost, and
 * each tracked frequency with its uncertainty. Reports stored before these fields say nothing.
 */
export function AnalysisFacts({ report }: { report: AnomalyReport }) {
  // While re-baselining nothing is judged: its own line says so.
  if (report.rebaselining) return null;
  const frequencies = report.frequencies ?? [];
  return (
    <>
      {report.learned_months !== undefined && (
        <>
          <dt>Baseline</dt>
          <dd>{learningText(report.learned_months, report.learned_frost)}</dd>
        </>
      )}
      {report.outside_learned_conditions !== undefined && (
        <>
          <dt>Outside learned conditions</dt>
          <dd>{outsideLearnedText(report.outside_learned_conditions, report.windows.length)}</dd>
        </>
      )}
      {report.missing_mode_rate !== undefined && (
        <>
          <dt>Missing modes</dt>
          <dd>{percentText(report.missing_mode_rate)} of tracked frequencies not found</dd>
        </>
      )}
      {frequencies.length > 0 && (
        <>
          <dt>Tracked frequencies</dt>
          <dd>
            <ul className={styles.list}>
              {frequencies.map((f) => (
                <li key={f.feature}>
                  {/* An SSI mode names no stream: the span's mode in words instead. */}
                  {trackedFrequencyText(f, report.feature_labels)}:{' '}
                  {frequencyText(f.mode, f.hz, f.uncertainty_hz)}
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
    </>
  );
}
