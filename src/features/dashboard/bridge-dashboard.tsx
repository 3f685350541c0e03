import { useSuspenseQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { useApi } from '../../api/api-context';
import type { Bridge } from '../../api/queries/bridges';
import { AlertsCards } from './alerts-cards';
import { BaselineCard } from './baseline-card';
import { evaluateBridge } from './bridge-evaluation';
import { BridgeMiniMap } from './bridge-mini-map';
import { dashboardQueries } from './dashboard-queries';
import * as styles from './dashboard.css';
import { ErrorChartCard } from './error-chart-card';
import { FatigueCard } from './fatigue-card';
import { FrequencyShiftCard } from './frequency-shift-card';
import { IndexSystemCard } from './index-system-card';
import { ModesCard } from './modes-card';
import { CableTensionCard } from './cable-tension-card';
import { MonthlyReportButton } from './monthly-report-button';
import { NotAssessedCard } from './not-assessed-card';
import { DisplaySettingsProvider, displaySettingsOf } from '../../ui/display-settings';
import { PredictionCard } from './prediction-card';
import { ReadingsSection } from './readings-section';
import { StatusStrip } from './status-strip';

/**
 * One bridge, condition first: the status strip, then the alarms one by one, then the evidence
 * (prediction, error chart, index, map, readings). Every number comes from one evaluation object,
 * so no two places can disagree. Times and measurements are written as the bridge's company
 * chose (decision 064), for every card below.
 */
export function BridgeDashboard({ bridge }: { bridge: Bridge }) {
  const api = useApi();
  // The route's loader has fetched these (loadDashboard); loading and failure are the route's.
  const anomalies = useSuspenseQuery(dashboardQueries.anomalies(api, bridge.name));
  const alerts = useSuspenseQuery(dashboardQueries.alerts(api, bridge.id));
  const sensors = useSuspenseQuery(dashboardQueries.sensors(api, bridge.id));
  const spans = useSuspenseQuery(dashboardQueries.spans(api, bridge.id));
  const datastreams = useSuspenseQuery(dashboardQueries.datastreams(api, bridge.id));
  // The derivation counts maintenance days from the day the page was opened.
  const [today] = useState(() => new Date());

  const report = anomalies.data.kind === 'assessed' ? anomalies.data.value : null;
  const evaluation = useMemo(
    () =>
      evaluateBridge({
        report,
        alerts: alerts.data,
        bridgeId: bridge.id,
        sensors: sensors.data,
        spans: spans.data,
        datastreams: datastreams.data,
        today,
      }),
    [report, alerts.data, bridge.id, sensors.data, spans.data, datastreams.data, today],
  );

  const evidenceShown = useShownAfterFirstPaint();
  const refreshedAt = Math.max(
    anomalies.dataUpdatedAt,
    alerts.dataUpdatedAt,
    datastreams.dataUpdatedAt,
  );

  const display = useMemo(() => displaySettingsOf(bridge.display), [bridge.display]);

  return (
    <DisplaySettingsProvider value={display}>
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
          companyId={bridge.company_id}
          evaluation={evaluation}
          updatedAt={alerts.dataUpdatedAt}
        />
      </div>
      {/* After the alarms, not before them: a phone shows the active alerts on its first screen. */}
      <MonthlyReportButton
        bridgeId={bridge.id}
        bridgeName={bridge.name}
        lastDataReceived={evaluation.lastDataReceived}
      />
      <h2 className={styles.sectionTitle}>Evidence</h2>
      {evidenceShown ? (
        <div className={styles.grid}>
          {report && (
            <PredictionCard
              bridgeName={bridge.name}
              evaluation={evaluation}
              updatedAt={anomalies.dataUpdatedAt}
            />
          )}
          {report && <ErrorChartCard report={report} evaluation={evaluation} />}
          <IndexSystemCard health={evaluation.health} />
          <BridgeMiniMap bridge={bridge} />
          <BaselineCard bridgeId={bridge.id} />
          <FrequencyShiftCard bridgeId={bridge.id} />
          <ModesCard bridgeId={bridge.id} />
          <CableTensionCard bridgeId={bridge.id} />
          <FatigueCard bridgeId={bridge.id} />
          <ReadingsSection
            streams={evaluation.streams}
            streamsUpdatedAt={datastreams.dataUpdatedAt}
          />
        </div>
      ) : (
        <p className={styles.small}>Loading the evidence…</p>
      )}
    </DisplaySettingsProvider>
  );
}

/**
 * False for the first paint, then true, rendered as a transition: the condition above is drawn
 * before the charts, maps and readings below it, which took most of a dashboard's opening
 * (bench:dashboard-open, decision 062), and the page stays responsive while they render.
 */
function useShownAfterFirstPaint(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown;
}
