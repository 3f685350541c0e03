import { rebaseliningText } from '../../../domain/maintenance';
import { TimesCaption } from '../../ui/display-settings';
import { AnalysisFacts } from './analysis-facts';
import type { BridgeEvaluation } from './bridge-evaluation';
import * as styles from './dashboard.css';
import { When } from './when';

interface MonitoringStatusProps {
  evaluation: BridgeEvaluation;
  /** When the dashboard last heard from the server (epoch ms), 0 before it has. */
  refreshedAt: number;
  /** A phone: the last data at a glance, the period and the refresh behind a disclosure. */
  narrow: boolean;
}

/** The status strip's Bridge Monitoring Status cell: how fresh the data and the evaluation are. */
export function MonitoringStatus({ evaluation, refreshedAt, narrow }: MonitoringStatusProps) {
  const { report } = evaluation;
  const period = (
    <>
      <dt>Evaluation period</dt>
      <dd>
        {report ? (
          <>
            <When iso={report.period_start} /> to <When iso={report.period_end} />
          </>
        ) : (
          'None yet'
        )}
      </dd>
      {report?.rebaselining && (
        <>
          <dt>Baseline</dt>
          <dd>{rebaseliningText(report.rebaselining.days, report.rebaselining.of)}</dd>
        </>
      )}
      {narrow && report && <AnalysisFacts report={report} />}
    </>
  );
  // Which zone the page's times are in sits with its freshness, behind the disclosure on a
  // phone: a line of its own under the strip pushed the active alerts off a phone's first screen.
  const refreshed = (
    <>
      <p className={styles.small}>
        Last updated:{' '}
        {refreshedAt > 0 ? <When iso={new Date(refreshedAt).toISOString()} /> : 'loading'}{' '}
        (refreshed every 5 minutes while this page is open)
      </p>
      <TimesCaption className={styles.small} />
    </>
  );
  return (
    <section
      className={`${styles.stripCell} ${styles.stripCellWide}`}
      aria-labelledby="monitoring-title"
    >
      <h2 id="monitoring-title" className={styles.stripTitle}>
        Bridge Monitoring Status
      </h2>
      <dl className={styles.stripFacts}>
        <dt>Last data received</dt>
        <dd>
          {evaluation.lastDataReceived ? <When iso={evaluation.lastDataReceived} /> : 'Never'}
        </dd>
        {!narrow && period}
      </dl>
      {narrow ? (
        <details className={styles.disclosure}>
          <summary className={styles.small}>Evaluation period and refresh</summary>
          <dl className={styles.disclosureFacts}>{period}</dl>
          {refreshed}
        </details>
      ) : (
        <>
          {/* Behind a disclosure on a desktop too: the strip stays short enough for the active
              alerts to start on the first screen (issue 18), whatever the number of modes. */}
          {report && !report.rebaselining && (
            <details className={styles.disclosure}>
              <summary className={styles.small}>What the analysis has learnt</summary>
              <dl className={styles.disclosureFacts}>
                <AnalysisFacts report={report} />
              </dl>
            </details>
          )}
          {refreshed}
        </>
      )}
    </section>
  );
}
