import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';
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
    queryFn: (): Promise<Span[]> =>
      answerOf(
        api.GET('/api/v1/spans', { params: { query: { bridge: bridgeId } } }),
        'Failed to fetch spans',
      ),
  });
}

export function bridgeSensorsQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: [...sensorsQueryKey, 'bridge', bridgeId] as const,
    queryFn: (): Promise<Sensor[]> =>
      answerOf(
        api.GET('/api/v1/sensors', { params: { query: { bridge: bridgeId } } }),
        'Failed to fetch sensors',
      ),
  });
}

export function bridgeDatastreamsQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: [...datastreamsQueryKey, 'bridge', bridgeId] as const,
    queryFn: (): Promise<Datastream[]> =>
      answerOf(
        api.GET('/api/v1/datastreams', { params: { query: { bridge: bridgeId } } }),
        'Failed to fetch datastreams',
      ),
  });
}
