import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useApi } from '../../api/api-context';
import type { Bridge } from '../../api/queries/bridges';
import { ErrorBanner } from '../../ui/error-banner';
import { Spinner } from '../../ui/spinner';
import { AlertsCards } from './alerts-cards';
import { evaluateBridge } from './bridge-evaluation';
import { BridgeMiniMap } from './bridge-mini-map';
import { dashboardErrorText } from './dashboard-error';
import { dashboardQueries, useDashboardPrefetch } from './dashboard-queries';
import * as styles from './dashboard.css';
import { ErrorChartCard } from './error-chart-card';
import { FatigueCard } from './fatigue-card';
import { IndexSystemCard } from './index-system-card';
import { MonthlyReportButton } from './monthly-report-button';
import { NotAssessedCard } from './not-assessed-card';
import { PredictionCard } from './prediction-card';
import { ReadingsSection } from './readings-section';
import { StatusStrip } from './status-strip';

/**
 * One bridge, condition first: the status strip, then the alarms one by one, then the evidence
 * (prediction, error chart, index, map, readings). Every number comes from one evaluation object,
 * so no two places can disagree.
 */
export function BridgeDashboard({ bridge }: { bridge: Bridge }) {
  const api = useApi();
  useDashboardPrefetch(api, bridge.id, bridge.name);
  const anomalies = useQuery(dashboardQueries.anomalies(api, bridge.name));
  const alerts = useQuery(dashboardQueries.alerts(api, bridge.id));
  const sensors = useQuery(dashboardQueries.sensors(api));
  const spans = useQuery(dashboardQueries.spans(api));
  const datastreams = useQuery(dashboardQueries.datastreams(api));
  // The derivation counts maintenance days from the day the page was opened.
  const [today] = useState(() => new Date());

  const report = anomalies.data?.kind === 'assessed' ? anomalies.data.value : null;
  const evaluation = useMemo(
    () =>
      evaluateBridge({
        report,
        alerts: alerts.data ?? [],
        bridgeId: bridge.id,
        sensors: sensors.data ?? [],
        spans: spans.data ?? [],
        datastreams: datastreams.data ?? [],
        today,
      }),
    [report, alerts.data, bridge.id, sensors.data, spans.data, datastreams.data, today],
  );

  if (anomalies.isPending) return <Spinner label="Loading bridge health" />;
  if (anomalies.isError) return <ErrorBanner>{dashboardErrorText(anomalies.error)}</ErrorBanner>;

  const refreshedAt = Math.max(
    anomalies.dataUpdatedAt,
    alerts.dataUpdatedAt,
    datastreams.dataUpdatedAt,
  );
  const streamsLoading = sensors.isPending || datastreams.isPending;
  const streamsError = sensors.error ?? datastreams.error;

  return (
    <>
      <StatusStrip
        bridgeId={bridge.id}
        bridgeName={bridge.name}
        evaluation={evaluation}
        refreshedAt={refreshedAt}
      />
      <div className={styles.grid}>
        {!report && <NotAssessedCard sid={bridge.name} evaluation={evaluation} />}
        <AlertsCards
          bridgeId={bridge.id}
          evaluation={evaluation}
          alertsState={{ isPending: alerts.isPending, error: alerts.error }}
        />
      </div>
      {/* After the alarms, not before them: a phone shows the active alerts on its first screen. */}
      <MonthlyReportButton bridgeId={bridge.id} bridgeName={bridge.name} />
      <h2 className={styles.sectionTitle}>Evidence</h2>
      <div className={styles.grid}>
        {report && <PredictionCard bridgeName={bridge.name} evaluation={evaluation} />}
        {report && <ErrorChartCard report={report} evaluation={evaluation} />}
        <IndexSystemCard health={evaluation.health} />
        <BridgeMiniMap bridge={bridge} />
        <FatigueCard bridgeId={bridge.id} />
        <ReadingsSection
          streams={evaluation.streams}
          loading={streamsLoading}
          error={streamsError}
        />
      </div>
    </>
  );
}
