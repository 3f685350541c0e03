import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { ApiFailure } from './api-failure';

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
      const { data, error, response } = await api.GET('/api/v1/bridges/{id}/inspections', {
        params: { path: { id: bridgeId } },
      });
      if (!data) throw new ApiFailure('Failed to fetch inspections', error, response.status);
      return data;
    },
  });
}

export function inspectionProgrammeQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: [...inspectionsQueryKey, 'programme', bridgeId] as const,
    queryFn: async () => {
      const { data, error, response } = await api.GET('/api/v1/bridges/{id}/inspection-programme', {
        params: { path: { id: bridgeId } },
      });
      if (!data) {
        throw new ApiFailure('Failed to fetch the inspection programme', error, response.status);
      }
      return data;
    },
  });
}

/** Overdue and this month's inspections (the server's month when `month` is absent). */
export function inspectionCalendarQueryOptions(api: ApiClient, month?: string) {
  return queryOptions({
    queryKey: [...inspectionsQueryKey, 'calendar', month ?? 'current'] as const,
    queryFn: async () => {
      const { data, error, response } = await api.GET('/api/v1/inspection-calendar', {
        params: { query: month ? { month } : {} },
      });
      if (!data) {
        throw new ApiFailure('Failed to fetch the inspection calendar', error, response.status);
      }
      return data;
    },
  });
}

/** Records an inspection; a refusal's detail (naming the field) is the error's message. */
export async function createInspection(
  api: ApiClient,
  bridgeId: number,
  body: InspectionInput,
): Promise<Inspection> {
  const { data, error, response } = await api.POST('/api/v1/bridges/{id}/inspections', {
    params: { path: { id: bridgeId } },
    body,
  });
  if (!data) throw new ApiFailure('Failed to record the inspection', error, response.status);
  return data;
}

export type InspectionProgramme = components['schemas']['InspectionProgramme'];
export type InspectionProgrammeInput = components['schemas']['InspectionProgrammeInput'];

/** Corrects a recorded inspection; a refusal's detail is the error's message. */
export async function updateInspection(
  api: ApiClient,
  inspectionId: number,
  body: InspectionInput,
): Promise<Inspection> {
  const { data, error, response } = await api.PUT('/api/v1/inspections/{id}', {
    params: { path: { id: inspectionId } },
    body,
  });
  if (!data) throw new ApiFailure('Failed to save the inspection', error, response.status);
  return data;
}

export async function deleteInspection(api: ApiClient, inspectionId: number): Promise<void> {
  const { error, response } = await api.DELETE('/api/v1/inspections/{id}', {
    params: { path: { id: inspectionId } },
  });
  if (!response.ok) throw new ApiFailure('Failed to delete the inspection', error, response.status);
}

/** Stores the bridge's programme; a refusal's detail (naming the field) is the error's message. */
export async function setInspectionProgramme(
  api: ApiClient,
  bridgeId: number,
  body: InspectionProgrammeInput,
): Promise<InspectionProgramme> {
  const { data, error, response } = await api.PUT('/api/v1/bridges/{id}/inspection-programme', {
    params: { path: { id: bridgeId } },
    body,
  });
  if (!data) {
    throw new ApiFailure('Failed to save the inspection programme', error, response.status);
  }
  return data;
}
