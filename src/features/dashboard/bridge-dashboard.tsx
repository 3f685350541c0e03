import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import type { Bridge } from '../../api/queries/bridges';
import { anomalyReportQueryOptions } from '../../api/queries/analytics';
import { ErrorBanner } from '../../ui/error-banner';
import { Spinner } from '../../ui/spinner';
import { AlertsCards } from './alerts-cards';
import { AnalysisProgress } from './analysis-progress';
import { BridgeMiniMap } from './bridge-mini-map';
import { dashboardErrorText } from './dashboard-error';
import * as styles from './dashboard.css';
import { ErrorChartCard } from './error-chart-card';
import { FatigueCard } from './fatigue-card';
import { ForecastCard } from './forecast-card';
import { HealthCards } from './health-cards';
import { ReadingsSection } from './readings-section';

/**
 * Everything known about one bridge. The anomaly evaluation drives the health cards (spec §4);
 * alerts, the map and the readings stand on their own, so they show even before the first
 * evaluation exists.
 */
export function BridgeDashboard({ bridge }: { bridge: Bridge }) {
  const api = useApi();
  const anomalies = useQuery(anomalyReportQueryOptions(api, bridge.name));

  if (anomalies.isPending) return <Spinner label="Loading bridge health" />;
  if (anomalies.isError) return <ErrorBanner>{dashboardErrorText(anomalies.error)}</ErrorBanner>;

  const result = anomalies.data;
  return (
    <div className={styles.grid}>
      {result.kind === 'assessed' ? (
        <HealthCards bridge={bridge} report={result.value} />
      ) : (
        <section className={`${styles.card} ${styles.wide}`} aria-labelledby="not-assessed-title">
          <h2 id="not-assessed-title" className={styles.cardTitle}>
            Not assessed yet
          </h2>
          <p className={styles.notice} role="status">
            {result.detail}
          </p>
          <AnalysisProgress sid={bridge.name} />
          <p className={styles.muted}>
            The condition, gauge and forecast appear once the bridge&apos;s first evaluation is
            done.
          </p>
        </section>
      )}
      <AlertsCards bridgeId={bridge.id} />
      <BridgeMiniMap bridge={bridge} />
      {result.kind === 'assessed' && <ErrorChartCard report={result.value} />}
      {result.kind === 'assessed' && <ForecastCard sid={bridge.name} />}
      <FatigueCard bridgeId={bridge.id} />
      <ReadingsSection bridgeId={bridge.id} />
    </div>
  );
}
