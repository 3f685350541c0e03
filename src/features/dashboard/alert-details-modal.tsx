import type { components } from '../../../openapi/schema';
import type { Alert } from '../../api/queries/alerts';
import { NO_ACTIVE_ALERTS } from '../../../domain/dashboard-messages';
import { countOf, formatNumber } from '../../../domain/formats';
import { Button } from '../../ui/button';
import { describeEpisodeShift } from '../../../domain/trigger-levels';
import { contributorText, type FeatureLabels } from '../../../domain/feature-words';
import { Modal } from '../../ui/modal';
import { AlertFactRows } from './alert-fact-rows';
import { alertFacts } from './alert-facts';
import { AlertNotified } from './alert-notified';
import { AlertActions } from './alert-actions';
import { TRIGGER_LEVEL_ALERT } from '../../../domain/reference-shift';
import type { BridgeEvaluation } from './bridge-evaluation';
import * as styles from './dashboard.css';
import { EpisodeChart } from './episode-chart';
import { When } from './when';

type Episode = components['schemas']['AnomalyEvent'];

// A long list helps nobody in an alarm: the latest episodes, with the total said.
const EPISODES_SHOWN = 12;

interface AlertDetailsModalProps {
  alerts: readonly Alert[];
  evaluation: BridgeEvaluation;
  onClose: () => void;
}

function duration(episode: Episode): string {
  const minutes = Math.round((Date.parse(episode.end) - Date.parse(episode.start)) / 60_000);
  if (minutes < 60) return countOf(minutes, 'minute', 'minutes');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0
    ? countOf(hours, 'hour', 'hours')
    : `${countOf(hours, 'hour', 'hours')} ${countOf(rest, 'minute', 'minutes')}`;
}

function contributors(episode: Episode, labels?: FeatureLabels): string {
  return episode.top_contributors
    .slice(0, 3)
    .map((c) => `${contributorText(c, labels)} (${Math.round(c.share * 100)} %)`)
    .join(', ');
}

/** The episode's frequency shift in words; null in reports from before it carried its level. */
function physicalChange(episode: Episode, labels?: FeatureLabels): string | null {
  return episode.frequency_shift ? describeEpisodeShift(episode.frequency_shift, labels) : null;
}

/**
 * What is behind the alerts: each alert's source and trigger, then the anomaly episodes (runs of
 * anomalous windows) of the evaluation, each with the error around it.
 */
export function AlertDetailsModal({ alerts, evaluation, onClose }: AlertDetailsModalProps) {
  const { report } = evaluation;
  const episodes = [...(report?.events ?? [])].sort(
    (a, b) => Date.parse(b.start) - Date.parse(a.start),
  );
  const shown = episodes.slice(0, EPISODES_SHOWN);
  return (
    <Modal
      title="Alert details"
      onClose={onClose}
      wide
      initialFocus="dialog"
      actions={<Button onClick={onClose}>Close</Button>}
    >
      {alerts.length === 0 && <p>{NO_ACTIVE_ALERTS}</p>}
      {alerts.map((alert) => {
        const facts = alertFacts(alert, evaluation);
        return (
          <article
            key={alert.id}
            aria-labelledby={`alert-${alert.id}-title`}
            className={styles.details}
          >
            <h3 id={`alert-${alert.id}-title`} className={styles.subTitle}>
              {alert.type}
            </h3>
            <dl className={styles.facts}>
              <AlertFactRows
                alert={alert}
                messageLabel="Message"
                physical={facts.physical}
                more={
                  <>
                    <dt>Source</dt>
                    <dd>{facts.source}</dd>
                    {facts.reading !== null && (
                      <>
                        <dt>Value</dt>
                        <dd>{facts.reading}</dd>
                      </>
                    )}
                  </>
                }
              />
              <dt>Notified</dt>
              <dd>
                <AlertNotified alertId={alert.id} />
              </dd>
              <dt>What to do</dt>
              <dd>{facts.action}</dd>
              {alert.type === TRIGGER_LEVEL_ALERT && (
                <>
                  <dt>Required actions</dt>
                  <dd>
                    <AlertActions alertId={alert.id} />
                  </dd>
                </>
              )}
            </dl>
          </article>
        );
      })}
      <section aria-labelledby="episodes-title" className={styles.details}>
        <h3 id="episodes-title" className={styles.subTitle}>
          Anomaly episodes
        </h3>
        {!report ? (
          <p className={styles.muted}>The bridge has not been assessed yet.</p>
        ) : (
          <p className={styles.muted}>
            {evaluation.countsText}.{' '}
            {episodes.length > shown.length &&
              `The ${shown.length} latest are shown, newest first.`}
          </p>
        )}
        {report && shown.length > 0 && (
          <ol className={styles.episodes} aria-label="Anomaly episodes">
            {shown.map((episode) => (
              <li key={episode.start} className={styles.alertItem}>
                <p className={styles.alertHeading}>
                  <When iso={episode.start} /> for {duration(episode)}
                </p>
                <p className={styles.muted}>
                  {countOf(
                    episode.windows,
                    `anomalous ${evaluation.windowMinutes}-minute window`,
                    `anomalous ${evaluation.windowMinutes}-minute windows`,
                  )}
                  ; peak error {formatNumber(episode.peak_error)} against the threshold{' '}
                  {formatNumber(report.threshold)}
                  {episode.top_contributors.length > 0 &&
                    `; mostly ${contributors(episode, report.feature_labels)}`}
                </p>
                {physicalChange(episode, report.feature_labels) !== null && (
                  <p className={styles.muted}>
                    Physical change: {physicalChange(episode, report.feature_labels)}
                  </p>
                )}
                <EpisodeChart report={report} episode={episode} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </Modal>
  );
}
