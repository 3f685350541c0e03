import Supercluster from 'supercluster';
import type { LatLng } from '../../../domain/coordinates';
import type { Condition } from '../../../domain/health';

/** A bridge's condition as the map shows it; 'Not assessed' until health data exists. */
export type MarkerCondition = Condition | 'Not assessed';

// Worst first when compared: a cluster takes the highest rank among its bridges. 'Not assessed'
// ranks lowest so one assessed Poor bridge is not hidden behind unassessed neighbours.
const CONDITION_RANK: Record<MarkerCondition, number> = {
  'Not assessed': 0,
  Good: 1,
  Fair: 2,
  Poor: 3,
  Critical: 4,
};
const BY_RANK = Object.fromEntries(
  Object.entries(CONDITION_RANK).map(([condition, rank]) => [rank, condition]),
) as Record<number, MarkerCondition>;

// Leaflet stacks markers by their screen y (the southern one on top), recomputed at every zoom,
// so a green marker just south of a red one covered it. A layer per condition rank, far larger
// than any screen y, keeps the worse condition on top whatever the view (issue 36).
const SEVERITY_LAYER = 1_000_000;

/** The marker's z-index offset: Critical above Poor above Fair above Good above unassessed. */
export function severityZIndexOffset(condition: MarkerCondition): number {
  return CONDITION_RANK[condition] * SEVERITY_LAYER;
}

export interface MapPoint {
  bridgeId: number;
  position: LatLng;
  condition: MarkerCondition;
}

interface PointProps {
  bridgeId: number;
  rank: number;
}

interface ClusterProps {
  worst: number;
}

export type BridgeCluster =
  | { kind: 'bridge'; bridgeId: number; position: LatLng; condition: MarkerCondition }
  | {
      kind: 'cluster';
      clusterId: number;
      count: number;
      position: LatLng;
      worst: MarkerCondition;
    };

/** [west, south, east, north] in degrees, as supercluster takes it. */
export type BBox = [number, number, number, number];

export const WORLD_BBOX: BBox = [-180, -85, 180, 85];

export interface ClusterIndex {
  clustersIn(bbox: BBox, zoom: number): BridgeCluster[];
  expansionZoom(clusterId: number): number;
}

// 50 px keeps a cluster's badge clear of its neighbours, so a small fleet shows most bridges as
// their own markers. A large fleet groups twice as wide: that keeps the map at a few hundred
// markers in any view (measured: 640 at 50 px over 10,000 bridges, with slow zooms).
// Clustering stops past zoom 16, where bridges a street apart are already distinct.
const RADIUS_PX = 50;
const LARGE_FLEET_RADIUS_PX = 80;
const LARGE_FLEET = 1000;
export const CLUSTER_MAX_ZOOM = 16;

export function buildClusterIndex(points: readonly MapPoint[]): ClusterIndex {
  const index = new Supercluster<PointProps, ClusterProps>({
    radius: points.length > LARGE_FLEET ? LARGE_FLEET_RADIUS_PX : RADIUS_PX,
    maxZoom: CLUSTER_MAX_ZOOM,
    map: (props) => ({ worst: props.rank }),
    reduce: (acc, props) => {
      if (props.worst > acc.worst) acc.worst = props.worst;
    },
  });
  index.load(
    points.map((p) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [p.position.lng, p.position.lat] },
      properties: { bridgeId: p.bridgeId, rank: CONDITION_RANK[p.condition] },
    })),
  );

  return {
    clustersIn(bbox, zoom) {
      return index.getClusters(bbox, Math.round(zoom)).map((feature): BridgeCluster => {
        const [lng = 0, lat = 0] = feature.geometry.coordinates;
        const props = feature.properties;
        if ('cluster' in props && props.cluster) {
          return {
            kind: 'cluster',
            clusterId: props.cluster_id,
            count: props.point_count,
            position: { lat, lng },
            worst: BY_RANK[props.worst] ?? 'Not assessed',
          };
        }
        const point = props as PointProps;
        return {
          kind: 'bridge',
          bridgeId: point.bridgeId,
          position: { lat, lng },
          condition: BY_RANK[point.rank] ?? 'Not assessed',
        };
      });
    },
    expansionZoom(clusterId) {
      return index.getClusterExpansionZoom(clusterId);
    },
  };
}
