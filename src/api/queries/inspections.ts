import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

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

export type InspectionProgramme = components['schemas']['InspectionProgramme'];
export type InspectionProgrammeInput = components['schemas']['InspectionProgrammeInput'];
