import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import {
  ANOMALY_FETCH_FAILED,
  INVALID_ANOMALY_RESPONSE,
  hasAnomalyCount,
} from '../../../domain/dashboard-messages';
import type { ApiClient } from '../client';
import { ApiError, hasStatus } from '../../../domain/api-error';
import { answerOf, toldAs } from '../answer';

export type AnomalyReport = components['schemas']['AnomalyReport'];
export type ForecastSeries = components['schemas']['ForecastSeries'];

/** Spec §4 and §9: the dashboard's data refreshes every 5 minutes. */
export const DASHBOARD_REFRESH_MS = 300_000;

/**
 * A bridge without a trained model answers 409 (the contract's NotReady): a calm state the
 * screen shows with the server's reason, not a failure.
 */
export interface NotAssessed {
  kind: 'not-assessed';
  detail: string;
}

export type Assessed<T> = { kind: 'assessed'; value: T } | NotAssessed;

const NOT_READY = 409;
const DEFAULT_NOT_ASSESSED = 'This bridge has not been assessed yet.';

/** A 409 answer is the calm 'not assessed' state; any other failure goes on to the caller. */
async function unlessNotReady<T, N>(call: Promise<T>, notReady: (detail: string) => N) {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof ApiError) || !hasStatus(error, NOT_READY)) throw error;
    return notReady(error.detail ?? DEFAULT_NOT_ASSESSED);
  }
}

function assessed(report: AnomalyReport | undefined): Assessed<AnomalyReport> {
  if (!hasAnomalyCount(report)) {
    throw new ApiError({ kind: 'invalid-response', message: INVALID_ANOMALY_RESPONSE });
  }
  return { kind: 'assessed', value: report };
}

export const analyticsQueryKey = (sid: string) => ['analytics', sid] as const;

/** GET /ai/anomalies: the latest evaluation, or why there is none yet. */
export function anomalyReportQueryOptions(api: ApiClient, sid: string) {
  return queryOptions({
    queryKey: [...analyticsQueryKey(sid), 'anomalies'] as const,
    queryFn: async (): Promise<Assessed<AnomalyReport>> => {
      const call = api
        .GET('/api/v1/ai/anomalies', { params: { query: { sid } } })
        .catch(toldAs(ANOMALY_FETCH_FAILED))
        .then(({ data }) => assessed(data));
      return unlessNotReady(call, (detail): NotAssessed => ({ kind: 'not-assessed', detail }));
    },
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

/** POST /ai/predict/prediction: the server-drawn PNG chart (spec §7), or null when unassessed. */
export function predictionImageQueryOptions(api: ApiClient, sid: string) {
  return queryOptions({
    queryKey: [...analyticsQueryKey(sid), 'prediction'] as const,
    queryFn: async (): Promise<Blob | null> => {
      const call = answerOf(
        api.POST('/api/v1/ai/predict/prediction', { body: { sid }, parseAs: 'blob' }),
        'Failed to fetch the prediction chart',
      );
      return unlessNotReady(call, () => null);
    },
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

/** GET /ai/forecast: the prediction chart's series, or null when unassessed. */
export function forecastQueryOptions(api: ApiClient, sid: string) {
  return queryOptions({
    queryKey: [...analyticsQueryKey(sid), 'forecast'] as const,
    queryFn: async (): Promise<ForecastSeries | null> => {
      const call = answerOf(
        api.GET('/api/v1/ai/forecast', { params: { query: { sid } } }),
        'Failed to fetch the forecast',
      );
      return unlessNotReady(call, () => null);
    },
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

export type AnalysisStatus = components['schemas']['AnalysisStatus'];

/** While a job is queued or running its progress is worth following closely. */
export const ANALYSIS_PROGRESS_REFRESH_MS = 3_000;

export const isAnalysisRunning = (status: AnalysisStatus | undefined): boolean =>
  status?.state === 'queued' || status?.state === 'training' || status?.state === 'scoring';

/** GET /ai/status: where the bridge's analysis job stands, polled closely while it runs. */
export function analysisStatusQueryOptions(api: ApiClient, sid: string) {
  return queryOptions({
    queryKey: [...analyticsQueryKey(sid), 'status'] as const,
    queryFn: async (): Promise<AnalysisStatus> => {
      return answerOf(
        api.GET('/api/v1/ai/status', {
          params: { query: { sid } },
        }),
        'Failed to fetch the analysis status',
      );
    },
    refetchInterval: (query) =>
      isAnalysisRunning(query.state.data) ? ANALYSIS_PROGRESS_REFRESH_MS : DASHBOARD_REFRESH_MS,
  });
}
