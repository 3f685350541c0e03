import type { Bridge } from '../../api/queries/bridges';
import { parseLocationOnMap } from '../../../domain/coordinates';
import type { MapPoint, MarkerCondition } from './cluster-index';

/** A bridge's condition by its id, or undefined while it has not been assessed. */
export type ConditionOf = (bridgeId: number) => MarkerCondition | undefined;

/** The server's latest derived condition (spec §4); 'Not assessed' until one exists. */
export function markerCondition(bridge: Bridge): MarkerCondition {
  return bridge.condition ?? 'Not assessed';
}

/**
 * Only the bridges whose `location_on_map` passes spec §5 become points, coloured by their own
 * `condition`; `conditionOf` overrides it (the clustering benchmark assigns conditions itself).
 */
export function toMapPoints(bridges: readonly Bridge[], conditionOf?: ConditionOf): MapPoint[] {
  const points: MapPoint[] = [];
  for (const bridge of bridges) {
    const position = parseLocationOnMap(bridge.location_on_map);
    if (!position) continue;
    const condition = conditionOf
      ? (conditionOf(bridge.id) ?? 'Not assessed')
      : markerCondition(bridge);
    points.push({ bridgeId: bridge.id, position, condition });
  }
  return points;
}
