import { latLngBounds } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { LatLng } from '../../../domain/coordinates';

const PADDING: [number, number] = [40, 40];

/**
 * Spec §9 opens the map on the bridges' average at zoom 3. On a narrow screen that view can
 * leave a bridge outside; then, once, the map zooms out (never in) until every bridge shows.
 */
export function FitBridges({
  positions,
  maxZoom,
}: {
  positions: readonly LatLng[];
  maxZoom: number;
}) {
  const map = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || positions.length === 0) return;
    const size = map.getSize();
    // Without a layout (a test DOM) there is nothing to fit.
    if (size.x === 0 || size.y === 0) return;
    done.current = true;
    const bounds = latLngBounds(positions.map((p) => [p.lat, p.lng]));
    const visible = map.getBounds().pad(-0.05);
    if (!visible.contains(bounds)) map.fitBounds(bounds, { padding: PADDING, maxZoom });
  }, [map, positions, maxZoom]);
  return null;
}
