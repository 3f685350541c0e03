import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { datastreamsQueryKey } from '../queries/structures';
import { answerOf } from '../answer';
import type { ApiClient } from '../client';

export type DatastreamInput = components['schemas']['DatastreamInput'];
export type SensorAssignRequest = components['schemas']['SensorAssignRequest'];

// The data-stream dialog is a spec machine (machines/datastream-dialog.machine.ts): it calls
// the first two as its actors and owns what follows (toasts, invalidation), so they are plain calls.

export function createDatastream(api: ApiClient, body: DatastreamInput) {
  return answerOf(api.POST('/api/v1/datastreams/create', { body }), 'Failed to create datastream');
}

export function assignSensorToDatastream(api: ApiClient, body: SensorAssignRequest) {
  return answerOf(api.PUT('/api/v1/sensors/assign', { body }), 'Failed to assign sensor');
}

/** A stream's resolution changed (decision 052): later blocks take it, stored ones keep theirs. */
export function changeDatastreamResolutionMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  datastreamId: number,
) {
  return mutationOptions({
    mutationFn: (resolution: number | null) =>
      answerOf(
        api.PATCH('/api/v1/datastreams/{id}', {
          params: { path: { id: datastreamId } },
          body: { resolution },
        }),
        'Failed to change the resolution',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: datastreamsQueryKey }),
  });
}
