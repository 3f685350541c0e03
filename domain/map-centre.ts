import type { LatLng } from './coordinates';

// Spec §9: with valid bridges the map centres on their average at zoom 3; without any it opens
// on the default centre (New York) at zoom 10.
export const DEFAULT_MAP_CENTRE: LatLng = { lat: 40.7128, lng: -74.006 };
export const DEFAULT_MAP_ZOOM = 10;
export const BRIDGES_MAP_ZOOM = 3;

export interface MapView {
  centre: LatLng;
  zoom: number;
  /** False when no bridge had a valid position, so the caller shows the spec §8 toast. */
  hasBridges: boolean;
}

export function initialMapView(positions: readonly LatLng[]): MapView {
  if (positions.length === 0) {
    return { centre: DEFAULT_MAP_CENTRE, zoom: DEFAULT_MAP_ZOOM, hasBridges: false };
  }
  let lat = 0;
  let lng = 0;
  for (const p of positions) {
    lat += p.lat;
    lng += p.lng;
  }
  return {
    centre: { lat: lat / positions.length, lng: lng / positions.length },
    zoom: BRIDGES_MAP_ZOOM,
    hasBridges: true,
  };
}
