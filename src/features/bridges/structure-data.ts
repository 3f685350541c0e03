import { type QueryKey, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import type { ApiClient } from '../../api/client';
import { type Bridge, listBridgesQueryOptions } from '../../api/queries/bridges';
import {
  type Datastream,
  type Sensor,
  type Span,
  listDatastreamsQueryOptions,
  listSensorsQueryOptions,
  listSpansQueryOptions,
} from '../../api/queries/structures';
import { useFailureNotice } from '../../ui/use-failure-notice';
import { BRIDGE_TOASTS } from './bridge-messages';

export interface StructureData {
  bridges: Bridge[];
  spans: Span[];
  sensors: Sensor[];
  datastreams: Datastream[];
  bridgeById: Map<number, Bridge>;
  spanById: Map<number, Span>;
  sensorById: Map<number, Sensor>;
}

type Lists = Pick<StructureData, 'bridges' | 'spans' | 'sensors' | 'datastreams'>;
/** When each list last failed to load, or null while it has not. */
type Failures = Record<keyof Lists, number | null>;

const byId = <T extends { id: number }>(items: T[]) => new Map(items.map((i) => [i.id, i]));

/** Spec §7: the four lists the screen opens with; the route's loader waits for all four. */
export function structureQueries(api: ApiClient) {
  return {
    bridges: listBridgesQueryOptions(api),
    spans: listSpansQueryOptions(api),
    sensors: listSensorsQueryOptions(api),
    datastreams: listDatastreamsQueryOptions(api),
  };
}

/** The four lists the route's loader has waited for. */
export function useStructureData(): StructureData {
  const queries = structureQueries(useApi());
  const bridges = useSuspenseQuery(queries.bridges);
  const spans = useSuspenseQuery(queries.spans);
  const sensors = useSuspenseQuery(queries.sensors);
  const datastreams = useSuspenseQuery(queries.datastreams);
  // A later refresh that fails keeps the rows it had and says so.
  const failedAt = (q: { isError: boolean; errorUpdatedAt: number }) =>
    q.isError ? q.errorUpdatedAt : null;
  useStructureFailures({
    bridges: failedAt(bridges),
    spans: failedAt(spans),
    sensors: failedAt(sensors),
    datastreams: failedAt(datastreams),
  });
  return withIndexes({
    bridges: bridges.data,
    spans: spans.data,
    sensors: sensors.data,
    datastreams: datastreams.data,
  });
}

/**
 * What the loader got when one of the lists failed: the lists that came, empty ones for those
 * that did not, and spec §8's toast for each of those.
 */
export function useLoadedStructureData(): StructureData {
  const queries = structureQueries(useApi());
  const queryClient = useQueryClient();
  const failedAt = (queryKey: QueryKey) => {
    const state = queryClient.getQueryState(queryKey);
    return state?.status === 'error' ? state.errorUpdatedAt : null;
  };
  useStructureFailures({
    bridges: failedAt(queries.bridges.queryKey),
    spans: failedAt(queries.spans.queryKey),
    sensors: failedAt(queries.sensors.queryKey),
    datastreams: failedAt(queries.datastreams.queryKey),
  });
  return withIndexes({
    bridges: queryClient.getQueryData(queries.bridges.queryKey) ?? [],
    spans: queryClient.getQueryData(queries.spans.queryKey) ?? [],
    sensors: queryClient.getQueryData(queries.sensors.queryKey) ?? [],
    datastreams: queryClient.getQueryData(queries.datastreams.queryKey) ?? [],
  });
}

/** Spec §8: each list's failure has its own red toast. */
function useStructureFailures(failures: Failures) {
  const toast = (list: keyof Lists, message: string) => ({
    message: failures[list] === null ? null : message,
    occurrence: failures[list] ?? undefined,
  });
  const bridges = toast('bridges', BRIDGE_TOASTS.fetchBridgesFailed);
  const spans = toast('spans', BRIDGE_TOASTS.fetchSpansFailed);
  const sensors = toast('sensors', BRIDGE_TOASTS.fetchSensorsFailed);
  const streams = toast('datastreams', BRIDGE_TOASTS.fetchStreamsFailed);
  useFailureNotice(bridges.message, { as: 'toast', occurrence: bridges.occurrence });
  useFailureNotice(spans.message, { as: 'toast', occurrence: spans.occurrence });
  useFailureNotice(sensors.message, { as: 'toast', occurrence: sensors.occurrence });
  useFailureNotice(streams.message, { as: 'toast', occurrence: streams.occurrence });
}

function withIndexes(lists: Lists): StructureData {
  return {
    ...lists,
    bridgeById: byId(lists.bridges),
    spanById: byId(lists.spans),
    sensorById: byId(lists.sensors),
  };
}
