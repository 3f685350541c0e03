import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import { answerOf, completed } from '../answer';
import type { ApiClient } from '../client';
import {
  type InspectionInput,
  type InspectionProgrammeInput,
  inspectionsQueryKey,
} from '../queries/inspections';

// Every inspection change moves due dates: calendar, records and dashboards all refresh.
const refreshInspections = (queryClient: QueryClient) => () =>
  queryClient.invalidateQueries({ queryKey: inspectionsQueryKey });

/**
 * Records an inspection of `bridgeId`, or corrects the one with `inspectionId`; a refusal's
 * detail (naming the field) is the error's message.
 */
export function saveInspectionMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  target: { bridgeId: number; inspectionId?: number },
) {
  const { bridgeId, inspectionId } = target;
  return mutationOptions({
    mutationFn: (body: InspectionInput) =>
      inspectionId === undefined
        ? answerOf(
            api.POST('/api/v1/bridges/{id}/inspections', {
              params: { path: { id: bridgeId } },
              body,
            }),
            'Failed to record the inspection',
          )
        : answerOf(
            api.PUT('/api/v1/inspections/{id}', { params: { path: { id: inspectionId } }, body }),
            'Failed to save the inspection',
          ),
    onSuccess: refreshInspections(queryClient),
  });
}

export function deleteInspectionMutationOptions(api: ApiClient, queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (inspectionId: number) =>
      completed(
        api.DELETE('/api/v1/inspections/{id}', { params: { path: { id: inspectionId } } }),
        'Failed to delete the inspection',
      ),
    onSuccess: refreshInspections(queryClient),
  });
}

/** Stores a bridge's programme; a refusal's detail (naming the field) is the error's message. */
export function setProgrammeMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  bridgeId: number,
) {
  return mutationOptions({
    mutationFn: (body: InspectionProgrammeInput) =>
      answerOf(
        api.PUT('/api/v1/bridges/{id}/inspection-programme', {
          params: { path: { id: bridgeId } },
          body,
        }),
        'Failed to save the inspection programme',
      ),
    onSuccess: refreshInspections(queryClient),
  });
}
