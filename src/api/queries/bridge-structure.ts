import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { ApiFailure } from './api-failure';
import {
  type Datastream,
  type Sensor,
  type Span,
  datastreamsQueryKey,
  sensorsQueryKey,
  spansQueryKey,
} from './structures';

// One bridge's spans, sensors and data streams (?bridge=), for its dashboard: the server filters,
// so the page never downloads the whole fleet's. The keys extend the list keys, so whatever
// invalidates a list (a stream created in Bridge Management) refreshes these too.

export function bridgeSpansQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: [...spansQueryKey, 'bridge', bridgeId] as const,
    queryFn: async (): Promise<Span[]> => {
      const { data, error, response } = await api.GET('/api/v1/spans', {
        params: { query: { bridge: bridgeId } },
      });
      if (!data) throw new ApiFailure('Failed to fetch spans', error, response.status);
      return data;
    },
  });
}

export function bridgeSensorsQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: [...sensorsQueryKey, 'bridge', bridgeId] as const,
    queryFn: async (): Promise<Sensor[]> => {
      const { data, error, response } = await api.GET('/api/v1/sensors', {
        params: { query: { bridge: bridgeId } },
      });
      if (!data) throw new ApiFailure('Failed to fetch sensors', error, response.status);
      return data;
    },
  });
}

export function bridgeDatastreamsQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: [...datastreamsQueryKey, 'bridge', bridgeId] as const,
    queryFn: async (): Promise<Datastream[]> => {
      const { data, error, response } = await api.GET('/api/v1/datastreams', {
        params: { query: { bridge: bridgeId } },
      });
      if (!data) throw new ApiFailure('Failed to fetch datastreams', error, response.status);
      return data;
    },
  });
}
