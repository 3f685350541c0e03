import type { components } from '../../../openapi/schema';
import { answerOf } from '../answer';
import type { ApiClient } from '../client';

export type DatastreamInput = components['schemas']['DatastreamInput'];
export type SensorAssignRequest = components['schemas']['SensorAssignRequest'];

// The data-stream dialog is a spec machine (machines/datastream-dialog.machine.ts): it calls
// these as its actors and owns what follows (toasts, invalidation), so they are plain calls.

export function createDatastream(api: ApiClient, body: DatastreamInput) {
  return answerOf(api.POST('/api/v1/datastreams/create', { body }), 'Failed to create datastream');
}

export function assignSensorToDatastream(api: ApiClient, body: SensorAssignRequest) {
  return answerOf(api.PUT('/api/v1/sensors/assign', { body }), 'Failed to assign sensor');
}
