import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { ApiFailure } from './api-failure';

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
      const { data, error, response } = await api.GET('/api/v1/spans');
      if (!data) throw new ApiFailure('Failed to fetch spans', error, response.status);
      return data;
    },
  });
}

export function listSensorsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: sensorsQueryKey,
    queryFn: async (): Promise<Sensor[]> => {
      const { data, error, response } = await api.GET('/api/v1/sensors');
      if (!data) throw new ApiFailure('Failed to fetch sensors', error, response.status);
      return data;
    },
  });
}

export function listDatastreamsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: datastreamsQueryKey,
    queryFn: async (): Promise<Datastream[]> => {
      const { data, error, response } = await api.GET('/api/v1/datastreams');
      if (!data) throw new ApiFailure('Failed to fetch datastreams', error, response.status);
      return data;
    },
  });
}
