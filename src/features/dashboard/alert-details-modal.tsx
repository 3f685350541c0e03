import type { Alert } from '../../api/queries/alerts';
import { NO_ACTIVE_ALERTS } from '../../domain/dashboard-messages';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import * as styles from './dashboard.css';
import { formatDateTime, formatNumber } from '../../domain/formats';

interface AlertDetailsModalProps {
  alerts: readonly Alert[];
  onClose: () => void;
}

/** What raised each alert: its windows of anomalous behaviour and the streams (and sensors) behind it. */
export function AlertDetailsModal({ alerts, onClose }: AlertDetailsModalProps) {
  return (
    <Modal
      title="Alert details"
      onClose={onClose}
      wide
      actions={<Button onClick={onClose}>Close</Button>}
    >
      {alerts.length === 0 && <p>{NO_ACTIVE_ALERTS}</p>}
      {alerts.map((alert) => (
        <article
          key={alert.id}
          aria-labelledby={`alert-${alert.id}-title`}
          className={styles.details}
        >
          <h3 id={`alert-${alert.id}-title`} className={styles.subTitle}>
            {alert.type}
          </h3>
          <dl className={styles.facts}>
            <dt>Severity</dt>
            <dd>{alert.severity}</dd>
            <dt>Message</dt>
            <dd>{alert.message}</dd>
            <dt>Raised</dt>
            <dd>{formatDateTime(alert.raised_at)}</dd>
            <dt>State</dt>
            <dd>
              {alert.state}
              {alert.acknowledged_by && ` by ${alert.acknowledged_by.username}`}
              {alert.comment && ` (${alert.comment})`}
            </dd>
          </dl>
          <h4 className={styles.subTitle}>Windows</h4>
          {alert.cause.windows.length === 0 ? (
            <p className={styles.muted}>No anomalous windows are linked to this alert.</p>
          ) : (
            <ul aria-label={`Windows of ${alert.type}`}>
              {alert.cause.windows.map((w) => (
                <li key={w.start}>
                  {formatDateTime(w.start)} – {formatDateTime(w.end)}, error {formatNumber(w.error)}
                </li>
              ))}
            </ul>
          )}
          <h4 className={styles.subTitle}>Data streams and sensors</h4>
          {alert.cause.datastreams.length === 0 ? (
            <p className={styles.muted}>No data stream is linked to this alert.</p>
          ) : (
            <ul aria-label={`Data streams of ${alert.type}`}>
              {alert.cause.datastreams.map((d) => (
                <li key={d.id}>
                  {d.stream_id}
                  {d.sensors.length > 0 && ` (sensors ${d.sensors.join(', ')})`}
                </li>
              ))}
            </ul>
          )}
        </article>
      ))}
    </Modal>
  );
}
