import type { ReactNode } from 'react';
import type { Alert } from '../../api/queries/alerts';
import { useDisplaySettings } from '../../ui/display-settings';
import { alertMessage } from './alert-facts';
import { When } from './when';

/** Who acknowledged the alert, when and with what comment; nothing if nobody did. */
function Acknowledgement({ alert }: { alert: Alert }) {
  if (alert.acknowledged_at === null) return null;
  return (
    <>
      Acknowledged
      {alert.acknowledged_by && ` by ${alert.acknowledged_by.username}`}{' '}
      <When iso={alert.acknowledged_at} />
      {alert.comment && `: “${alert.comment}”`}
    </>
  );
}

/** The alert's state in words: active, or who acknowledged it, or when it was cleared and why. */
export function AlertState({ alert }: { alert: Alert }) {
  if (alert.state === 'active') return <>Active, not acknowledged</>;
  if (alert.state === 'acknowledged') return <Acknowledgement alert={alert} />;
  // A cleared alert keeps its acknowledgement, when it had one.
  return (
    <>
      Cleared {alert.cleared_at && <When iso={alert.cleared_at} />}
      {alert.cleared_note && ` (${alert.cleared_note})`}
      {alert.acknowledged_at !== null && (
        <>
          {'; '}
          <Acknowledgement alert={alert} />
        </>
      )}
    </>
  );
}

/**
 * The facts of one alert that its page and the dashboard's alert details both list, as rows of
 * the caller's `<dl>`: severity, the message (the value against its trigger), what the caller
 * adds after it (`more`), the physical change when one is known, when it was raised and its state.
 */
export function AlertFactRows({
  alert,
  messageLabel,
  physical,
  more,
}: {
  alert: Alert;
  messageLabel: string;
  physical: string | null;
  more?: ReactNode;
}) {
  const { timeZone } = useDisplaySettings();
  return (
    <>
      <dt>Severity</dt>
      <dd>{alert.severity}</dd>
      <dt>{messageLabel}</dt>
      <dd>{alertMessage(alert, timeZone)}</dd>
      {more}
      {physical !== null && (
        <>
          <dt>Physical change</dt>
          <dd>{physical}</dd>
        </>
      )}
      <dt>Raised</dt>
      <dd>
        <When iso={alert.raised_at} />
      </dd>
      <dt>State</dt>
      <dd>
        <AlertState alert={alert} />
      </dd>
    </>
  );
}
