import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import {
  ANOMALY_FETCH_FAILED,
  INVALID_ANOMALY_RESPONSE,
  hasAnomalyCount,
} from '../../domain/dashboard-messages';
import type { ApiClient } from '../client';
import { errorDetail } from '../errors';
import { ApiFailure } from './api-failure';

export type AnomalyReport = components['schemas']['AnomalyReport'];
export type ForecastSeries = components['schemas']['ForecastSeries'];

/** Spec §4 and §9: the dashboard's data refreshes every 5 minutes. */
export const DASHBOARD_REFRESH_MS = 300_000;

/** The answer was readable but lacks what spec §5 requires of it. */
export class InvalidResponse extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidResponse';
  }
}

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

function notAssessed(error: unknown): NotAssessed {
  return { kind: 'not-assessed', detail: errorDetail(error) ?? DEFAULT_NOT_ASSESSED };
}

export const analyticsQueryKey = (sid: string) => ['analytics', sid] as const;

/** GET /ai/anomalies: the latest evaluation, or why there is none yet. */
export function anomalyReportQueryOptions(api: ApiClient, sid: string) {
  return queryOptions({
    queryKey: [...analyticsQueryKey(sid), 'anomalies'] as const,
    queryFn: async (): Promise<Assessed<AnomalyReport>> => {
      const { data, error, response } = await api.GET('/api/v1/ai/anomalies', {
        params: { query: { sid } },
      });
      if (response.status === NOT_READY) return notAssessed(error);
      if (!response.ok) throw new ApiFailure(ANOMALY_FETCH_FAILED, error, response.status);
      if (!hasAnomalyCount(data)) throw new InvalidResponse(INVALID_ANOMALY_RESPONSE);
      return { kind: 'assessed', value: data };
    },
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

/** POST /ai/predict/prediction: the server-drawn PNG chart (spec §7), or null when unassessed. */
export function predictionImageQueryOptions(api: ApiClient, sid: string) {
  return queryOptions({
    queryKey: [...analyticsQueryKey(sid), 'prediction'] as const,
    queryFn: async (): Promise<Blob | null> => {
      const { data, error, response } = await api.POST('/api/v1/ai/predict/prediction', {
        body: { sid },
        parseAs: 'blob',
      });
      if (response.status === NOT_READY) return null;
      if (!data)
        throw new ApiFailure('Failed to fetch the prediction chart', error, response.status);
      return data;
    },
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

/** GET /ai/forecast: the prediction chart's series, or null when unassessed. */
export function forecastQueryOptions(api: ApiClient, sid: string) {
  return queryOptions({
    queryKey: [...analyticsQueryKey(sid), 'forecast'] as const,
    queryFn: async (): Promise<ForecastSeries | null> => {
      const { data, error, response } = await api.GET('/api/v1/ai/forecast', {
        params: { query: { sid } },
      });
      if (response.status === NOT_READY) return null;
      if (!data) throw new ApiFailure('Failed to fetch the forecast', error, response.status);
      return data;
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
      const { data, error, response } = await api.GET('/api/v1/ai/status', {
        params: { query: { sid } },
      });
      if (!data)
        throw new ApiFailure('Failed to fetch the analysis status', error, response.status);
      return data;
    },
    refetchInterval: (query) =>
      isAnalysisRunning(query.state.data) ? ANALYSIS_PROGRESS_REFRESH_MS : DASHBOARD_REFRESH_MS,
  });
}
