import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useState } from 'react';
import { MapContainer, TileLayer, ZoomControl } from 'react-leaflet';
import type { Bridge } from '../../api/queries/bridges';
import type { MapView } from '../../../domain/map-centre';
import { TILE_ATTRIBUTION, TILE_URL } from '../../ui/leaflet/leaflet-setup';
import { type ClusterIndex, buildClusterIndex, type MapPoint } from './cluster-index';
import { ClusterLayer } from './cluster-layer';
import { FitBridges } from './fit-bridges';
import * as styles from './map-page.css';
import { TilesFailedNote, useTileHealth } from './tile-fallback';

interface BridgeMapProps {
  bridges: readonly Bridge[];
  points: readonly MapPoint[];
  view: MapView;
  onOpenDashboard: (bridge: { id: number; name: string }) => void;
}

export function BridgeMap({ bridges, points, view, onOpenDashboard }: BridgeMapProps) {
  const [index, setIndex] = useState<ClusterIndex | null>(null);
  useEffect(() => {
    // Built in a task of its own once the map has painted: for 10,000 bridges it is the largest
    // piece of work, and sharing a task with the first render would make one long task of both.
    const timer = setTimeout(() => setIndex(buildClusterIndex(points)), 0);
    return () => clearTimeout(timer);
  }, [points]);
  const positions = useMemo(() => points.map((p) => p.position), [points]);
  const bridgesById = useMemo(() => new Map(bridges.map((b) => [b.id, b])), [bridges]);
  const { tilesFailed, eventHandlers: tileEvents } = useTileHealth();

  return (
    <>
      {/* The centre and zoom are read once: a background refetch must not move the user's view. */}
      <MapContainer
        className={styles.map}
        center={view.centre}
        zoom={view.zoom}
        zoomControl={false}
        worldCopyJump
      >
        <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} eventHandlers={tileEvents} />
        {/* Bottom right keeps the top corners free for the menu button and the toasts. */}
        <ZoomControl position="bottomright" />
        <FitBridges positions={positions} maxZoom={view.zoom} />
        {index && (
          <ClusterLayer index={index} bridgesById={bridgesById} onOpenDashboard={onOpenDashboard} />
        )}
      </MapContainer>
      {tilesFailed && <TilesFailedNote />}
    </>
  );
}
