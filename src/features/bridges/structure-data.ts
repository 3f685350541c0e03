import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { type Bridge, listBridgesQueryOptions } from '../../api/queries/bridges';
import {
  type Datastream,
  type Sensor,
  type Span,
  listDatastreamsQueryOptions,
  listSensorsQueryOptions,
  listSpansQueryOptions,
} from '../../api/queries/structures';
import { BRIDGE_TOASTS } from './bridge-messages';
import { useFetchErrorToast } from '../../ui/use-notify';

export interface StructureData {
  bridges: Bridge[];
  spans: Span[];
  sensors: Sensor[];
  datastreams: Datastream[];
  loading: { bridges: boolean; spans: boolean; sensors: boolean; datastreams: boolean };
  bridgeById: Map<number, Bridge>;
  spanById: Map<number, Span>;
  sensorById: Map<number, Sensor>;
}

const byId = <T extends { id: number }>(items: T[]) => new Map(items.map((i) => [i.id, i]));

/** Spec §7: the four lists load when the screen opens; each failure has its own toast. */
export function useStructureData(): StructureData {
  const api = useApi();
  const bridges = useQuery(listBridgesQueryOptions(api));
  const spans = useQuery(listSpansQueryOptions(api));
  const sensors = useQuery(listSensorsQueryOptions(api));
  const datastreams = useQuery(listDatastreamsQueryOptions(api));
  useFetchErrorToast(bridges.isError, BRIDGE_TOASTS.fetchBridgesFailed);
  useFetchErrorToast(spans.isError, BRIDGE_TOASTS.fetchSpansFailed);
  useFetchErrorToast(sensors.isError, BRIDGE_TOASTS.fetchSensorsFailed);
  useFetchErrorToast(datastreams.isError, BRIDGE_TOASTS.fetchStreamsFailed);
  const data = {
    bridges: bridges.data ?? [],
    spans: spans.data ?? [],
    sensors: sensors.data ?? [],
    datastreams: datastreams.data ?? [],
  };
  return {
    ...data,
    loading: {
      bridges: bridges.isPending,
      spans: spans.isPending,
      sensors: sensors.isPending,
      datastreams: datastreams.isPending,
    },
    bridgeById: byId(data.bridges),
    spanById: byId(data.spans),
    sensorById: byId(data.sensors),
  };
}
