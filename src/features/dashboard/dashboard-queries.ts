import { useQueries } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { bridgeAlertsQueryOptions } from '../../api/queries/alerts';
import {
  DASHBOARD_REFRESH_MS,
  analysisStatusQueryOptions,
  anomalyReportQueryOptions,
  forecastQueryOptions,
  predictionImageQueryOptions,
} from '../../api/queries/analytics';
import {
  listDatastreamsQueryOptions,
  listSensorsQueryOptions,
  listSpansQueryOptions,
} from '../../api/queries/structures';

// Spec §4: the dashboard refreshes every 5 minutes, but only while someone can see it; a tab in
// the background waits and catches up when it is shown again (refetchOnWindowFocus).
export const whileVisible = { refetchIntervalInBackground: false } as const;
const everyFiveMinutes = { refetchInterval: DASHBOARD_REFRESH_MS, ...whileVisible } as const;

export const dashboardQueries = {
  alerts: (api: ApiClient, bridgeId: number) => ({
    ...bridgeAlertsQueryOptions(api, bridgeId),
    ...whileVisible,
  }),
  sensors: (api: ApiClient) => ({ ...listSensorsQueryOptions(api), ...everyFiveMinutes }),
  spans: (api: ApiClient) => listSpansQueryOptions(api),
  datastreams: (api: ApiClient) => ({ ...listDatastreamsQueryOptions(api), ...everyFiveMinutes }),
  anomalies: (api: ApiClient, sid: string) => ({
    ...anomalyReportQueryOptions(api, sid),
    ...whileVisible,
  }),
  forecast: (api: ApiClient, sid: string) => ({
    ...forecastQueryOptions(api, sid),
    ...whileVisible,
  }),
  prediction: (api: ApiClient, sid: string) => ({
    ...predictionImageQueryOptions(api, sid),
    ...whileVisible,
  }),
  status: (api: ApiClient, sid: string) => ({
    ...analysisStatusQueryOptions(api, sid),
    ...whileVisible,
  }),
};

/**
 * Starts every query the dashboard of one bridge needs at once (no request waits on another's
 * answer); the cards read the same cache entries with useQuery. The analysis status is left to
 * the 'Not assessed yet' card (only a bridge without an evaluation needs it), and the server-drawn
 * PNG to the prediction card: it is a download, and drawing it must not delay the evaluation.
 */
export function useDashboardPrefetch(api: ApiClient, bridgeId: number, sid: string | undefined) {
  const bySid = sid
    ? [dashboardQueries.anomalies(api, sid), dashboardQueries.forecast(api, sid)]
    : [];
  useQueries({
    queries: [
      dashboardQueries.alerts(api, bridgeId),
      dashboardQueries.sensors(api),
      dashboardQueries.spans(api),
      dashboardQueries.datastreams(api),
      ...bySid,
    ],
  });
}

export const COMMENT_MAX_LENGTH = 2000;
