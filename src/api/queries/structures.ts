import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

export type Span = components['schemas']['Span'];
export type Sensor = components['schemas']['Sensor'];
export type Datastream = components['schemas']['Datastream'];

export const spansQueryKey = ['spans'] as const;
export const sensorsQueryKey = ['sensors'] as const;
export const datastreamsQueryKey = ['datastreams'] as const;

export function listSpansQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: spansQueryKey,
    queryFn: async (): Promise<Span[]> => {
      return answerOf(api.GET('/api/v1/spans'), 'Failed to fetch spans');
    },
  });
}

export function listSensorsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: sensorsQueryKey,
    queryFn: async (): Promise<Sensor[]> => {
      return answerOf(api.GET('/api/v1/sensors'), 'Failed to fetch sensors');
    },
  });
}

export function listDatastreamsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: datastreamsQueryKey,
    queryFn: async (): Promise<Datastream[]> => {
      return answerOf(api.GET('/api/v1/datastreams'), 'Failed to fetch datastreams');
    },
  });
}
