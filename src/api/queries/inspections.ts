import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf, completed } from '../answer';

export type Inspection = components['schemas']['Inspection'];
export type InspectionInput = components['schemas']['InspectionInput'];
export type InspectionDue = components['schemas']['InspectionDue'];
export type InspectionRating = components['schemas']['InspectionRating'];

/** Everything inspection-related, so one invalidation refreshes calendar and dashboards. */
export const inspectionsQueryKey = ['inspections'] as const;

export function bridgeInspectionsQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: [...inspectionsQueryKey, 'bridge', bridgeId] as const,
    queryFn: async () => {
      return answerOf(
        api.GET('/api/v1/bridges/{id}/inspections', {
          params: { path: { id: bridgeId } },
        }),
        'Failed to fetch inspections',
      );
    },
  });
}

export function inspectionProgrammeQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: [...inspectionsQueryKey, 'programme', bridgeId] as const,
    queryFn: async () => {
      return answerOf(
        api.GET('/api/v1/bridges/{id}/inspection-programme', {
          params: { path: { id: bridgeId } },
        }),
        'Failed to fetch the inspection programme',
      );
    },
  });
}

/** Overdue and this month's inspections (the server's month when `month` is absent). */
export function inspectionCalendarQueryOptions(api: ApiClient, month?: string) {
  return queryOptions({
    queryKey: [...inspectionsQueryKey, 'calendar', month ?? 'current'] as const,
    queryFn: async () => {
      return answerOf(
        api.GET('/api/v1/inspection-calendar', {
          params: { query: month ? { month } : {} },
        }),
        'Failed to fetch the inspection calendar',
      );
    },
  });
}

/** Records an inspection; a refusal's detail (naming the field) is the error's message. */
export async function createInspection(
  api: ApiClient,
  bridgeId: number,
  body: InspectionInput,
): Promise<Inspection> {
  return answerOf(
    api.POST('/api/v1/bridges/{id}/inspections', {
      params: { path: { id: bridgeId } },
      body,
    }),
    'Failed to record the inspection',
  );
}

export type InspectionProgramme = components['schemas']['InspectionProgramme'];
export type InspectionProgrammeInput = components['schemas']['InspectionProgrammeInput'];

/** Corrects a recorded inspection; a refusal's detail is the error's message. */
export async function updateInspection(
  api: ApiClient,
  inspectionId: number,
  body: InspectionInput,
): Promise<Inspection> {
  return answerOf(
    api.PUT('/api/v1/inspections/{id}', {
      params: { path: { id: inspectionId } },
      body,
    }),
    'Failed to save the inspection',
  );
}

export async function deleteInspection(api: ApiClient, inspectionId: number): Promise<void> {
  await completed(
    api.DELETE('/api/v1/inspections/{id}', {
      params: { path: { id: inspectionId } },
    }),
    'Failed to delete the inspection',
  );
}

/** Stores the bridge's programme; a refusal's detail (naming the field) is the error's message. */
export async function setInspectionProgramme(
  api: ApiClient,
  bridgeId: number,
  body: InspectionProgrammeInput,
): Promise<InspectionProgramme> {
  return answerOf(
    api.PUT('/api/v1/bridges/{id}/inspection-programme', {
      params: { path: { id: bridgeId } },
      body,
    }),
    'Failed to save the inspection programme',
  );
}
