import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { dashboardSearchOf } from '../../../domain/bridge-search';
import { hasStatus } from '../../../domain/api-error';
import { TRIGGER_LEVEL_ALERT } from '../../../domain/reference-shift';
import { describePhysicalChange } from '../../../domain/trigger-levels';
import { useApi } from '../../api/api-context';
import { type AlertView, alertViewQueryOptions } from '../../api/queries/alerts';
import {
  DisplaySettingsProvider,
  TimesCaption,
  displaySettingsOf,
} from '../../ui/display-settings';
import { ErrorBanner } from '../../ui/error-banner';
import { Spinner } from '../../ui/spinner';
import { AlertFactRows } from './alert-fact-rows';
import { AlertActions } from './alert-actions';
import { AlertNotified } from './alert-notified';
import * as dashboard from './dashboard.css';
import { AlertAcknowledgeForm } from './alert-acknowledge-form';
import * as styles from './alert-page.css';

/** 404 covers an unknown alert and one the reader was never told of: ids do not leak. */
export const ALERT_NOT_FOUND =
  'This alert was not found, or it is not yours to see: only people who can see its bridge or were told of the alert may open it.';

/** The contract's largest id (a PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

const NOT_THE_BRIDGE =
  "You were told of this alert, so it is yours to read and answer; the bridge's dashboard opens only for people the bridge is assigned to.";

function BridgeLink({ view }: { view: AlertView }) {
  const { alert } = view;
  if (!view.bridge_visible) return <p className={dashboard.small}>{NOT_THE_BRIDGE}</p>;
  return (
    <Link
      to="/dashboard"
      search={dashboardSearchOf({ id: alert.bridge, name: alert.bridge_name })}
      className={dashboard.backLink}
    >
      Open {alert.bridge_name}&apos;s dashboard
    </Link>
  );
}

function AlertFacts({ view }: { view: AlertView }) {
  const { alert } = view;
  const change = alert.cause.physical_change;
  return (
    <dl className={dashboard.facts}>
      <dt>Bridge</dt>
      <dd>{alert.bridge_name}</dd>
      <AlertFactRows
        alert={alert}
        messageLabel="Measured against its trigger"
        physical={change ? describePhysicalChange(change) : null}
      />
    </dl>
  );
}

function AlertBody({ view }: { view: AlertView }) {
  const { alert } = view;
  return (
    <DisplaySettingsProvider value={displaySettingsOf(view.display)}>
      <header className={styles.header}>
        <h1 id="alert-page-title" className={dashboard.title}>
          {alert.type} on {alert.bridge_name}
        </h1>
        <BridgeLink view={view} />
      </header>
      <section className={dashboard.card} aria-labelledby="alert-facts-title">
        <h2 id="alert-facts-title" className={dashboard.cardTitle}>
          The alert
        </h2>
        <AlertFacts view={view} />
        <TimesCaption className={dashboard.small} />
      </section>
      {alert.state === 'active' && (
        <section className={dashboard.card} aria-labelledby="alert-ack-title">
          <h2 id="alert-ack-title" className={dashboard.cardTitle}>
            Acknowledge
          </h2>
          <AlertAcknowledgeForm alertId={alert.id} />
        </section>
      )}
      {alert.type === TRIGGER_LEVEL_ALERT && (
        <section className={dashboard.card} aria-labelledby="alert-actions-title">
          <h2 id="alert-actions-title" className={dashboard.cardTitle}>
            Required actions
          </h2>
          <AlertActions alertId={alert.id} />
        </section>
      )}
      <section className={dashboard.card} aria-labelledby="alert-notified-title">
        <h2 id="alert-notified-title" className={dashboard.cardTitle}>
          Who was told
        </h2>
        <AlertNotified alertId={alert.id} />
      </section>
    </DisplaySettingsProvider>
  );
}

/**
 * One alert on a page of its own (decision 080, amended): what every message links to, so
 * whoever was told of an alert can read it, tick its actions off and acknowledge it, even
 * without the bridge's dashboard, which is offered only to those who may open it.
 */
export function AlertPage({ alertId }: { alertId: number }) {
  const api = useApi();
  // An address that is no alert's id is answered like an alert that is not the reader's.
  const valid = Number.isSafeInteger(alertId) && alertId >= 1 && alertId <= MAX_ID;
  const view = useQuery({
    ...alertViewQueryOptions(api, alertId),
    enabled: valid,
    retry: (count, error) => !hasStatus(error, 404) && count < 2,
  });
  const notFound = !valid || hasStatus(view.error, 404);
  return (
    <article className={styles.page} aria-labelledby="alert-page-title">
      {valid && view.isPending && <Spinner label="Loading the alert" />}
      {(view.isError || !valid) && (
        <>
          <h1 id="alert-page-title" className={dashboard.title}>
            Alert {alertId}
          </h1>
          <ErrorBanner>{notFound ? ALERT_NOT_FOUND : view.error?.message}</ErrorBanner>
          <p>
            <Link to="/map">Open the map</Link>
          </p>
        </>
      )}
      {view.data && <AlertBody view={view.data} />}
    </article>
  );
}
