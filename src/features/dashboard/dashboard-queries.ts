import type { ApiClient } from '../../api/client';
import { bridgeAlertsQueryOptions } from '../../api/queries/alerts';
import { baselinesQueryOptions } from '../../api/queries/baselines';
import {
  DASHBOARD_REFRESH_MS,
  analysisStatusQueryOptions,
  anomalyReportQueryOptions,
  forecastQueryOptions,
  predictionImageQueryOptions,
} from '../../api/queries/analytics';
import {
  bridgeDatastreamsQueryOptions,
  bridgeSensorsQueryOptions,
  bridgeSpansQueryOptions,
} from '../../api/queries/bridge-structure';
import { listBridgesQueryOptions } from '../../api/queries/bridges';
import { bridgeFatigueQueryOptions } from '../../api/queries/fatigue';
import { frequencyShiftQueryOptions } from '../../api/queries/frequency-shift';
import { bridgeModesDailyQueryOptions, bridgeModesQueryOptions } from '../../api/queries/modes';
import { cableTensionsQueryOptions } from '../../api/queries/cable-tensions';
import { bridgeInspectionsQueryOptions } from '../../api/queries/inspections';
import { type ReadingsRange, readingsQueryOptions } from '../../api/queries/readings';

// Spec §4: the dashboard refreshes every 5 minutes, but only while someone can see it; a tab in
// the background waits and catches up when it is shown again (refetchOnWindowFocus).
export const whileVisible = { refetchIntervalInBackground: false } as const;
const everyFiveMinutes = { refetchInterval: DASHBOARD_REFRESH_MS, ...whileVisible } as const;
const polled = <Options extends object>(options: Options) => ({ ...options, ...everyFiveMinutes });

/**
 * Every query of one bridge's dashboard, each polled every 5 minutes while the tab is visible.
 * The loader (dashboard-loader.ts) starts them and the cards read the same cache entries.
 */
export const dashboardQueries = {
  bridges: (api: ApiClient) => polled(listBridgesQueryOptions(api)),
  alerts: (api: ApiClient, bridgeId: number) => polled(bridgeAlertsQueryOptions(api, bridgeId)),
  sensors: (api: ApiClient, bridgeId: number) => polled(bridgeSensorsQueryOptions(api, bridgeId)),
  spans: (api: ApiClient, bridgeId: number) => polled(bridgeSpansQueryOptions(api, bridgeId)),
  datastreams: (api: ApiClient, bridgeId: number) =>
    polled(bridgeDatastreamsQueryOptions(api, bridgeId)),
  fatigue: (api: ApiClient, bridgeId: number) => polled(bridgeFatigueQueryOptions(api, bridgeId)),
  baselines: (api: ApiClient, bridgeId: number) => polled(baselinesQueryOptions(api, bridgeId)),
  frequencyShift: (api: ApiClient, bridgeId: number) =>
    polled(frequencyShiftQueryOptions(api, bridgeId)),
  modes: (api: ApiClient, bridgeId: number) => polled(bridgeModesQueryOptions(api, bridgeId)),
  // Hourly: a year's summary holds the embedded database's thread some 0.6-0.8 s of CPU
  // (decision 076, 2026-12-01), and a day's medians barely move in five minutes.
  modesDaily: (api: ApiClient, bridgeId: number, from: string, to: string) => ({
    ...bridgeModesDailyQueryOptions(api, bridgeId, from, to),
    refetchInterval: 60 * 60_000,
    ...whileVisible,
  }),
  cableTensions: (api: ApiClient, bridgeId: number) =>
    polled(cableTensionsQueryOptions(api, bridgeId)),
  inspections: (api: ApiClient, bridgeId: number) =>
    polled(bridgeInspectionsQueryOptions(api, bridgeId)),
  anomalies: (api: ApiClient, sid: string) => polled(anomalyReportQueryOptions(api, sid)),
  forecast: (api: ApiClient, sid: string) => polled(forecastQueryOptions(api, sid)),
  prediction: (api: ApiClient, sid: string) => polled(predictionImageQueryOptions(api, sid)),
  // Its own interval: every 3 s while a job runs, else every 5 minutes.
  status: (api: ApiClient, sid: string) => ({
    ...analysisStatusQueryOptions(api, sid),
    ...whileVisible,
  }),
  // No interval of its own: the range ends at the stream's newest sample, so when the streams'
  // 5-minute refresh brings a newer one the range (and the query key) moves on with it.
  readings: (api: ApiClient, datastreamId: number, range: ReadingsRange) =>
    readingsQueryOptions(api, datastreamId, range),
};

export const COMMENT_MAX_LENGTH = 2000;
