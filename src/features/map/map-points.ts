import type { Bridge } from '../../api/queries/bridges';
import { parseLocationOnMap } from '../../domain/coordinates';
import type { MapPoint, MarkerCondition } from './cluster-index';

/** The current condition of a bridge, or undefined while it has not been assessed. */
export type ConditionOf = (bridgeId: number) => MarkerCondition | undefined;

export const notAssessed: ConditionOf = () => undefined;

/** Only the bridges whose `location_on_map` passes spec §5 become points. */
export function toMapPoints(bridges: readonly Bridge[], conditionOf: ConditionOf): MapPoint[] {
  const points: MapPoint[] = [];
  for (const bridge of bridges) {
    const position = parseLocationOnMap(bridge.location_on_map);
    if (!position) continue;
    points.push({
      bridgeId: bridge.id,
      position,
      condition: conditionOf(bridge.id) ?? 'Not assessed',
    });
  }
  return points;
}
