import '../../ui/leaflet/leaflet-setup';
import { MapContainer, Marker, TileLayer } from 'react-leaflet';
import type { Bridge } from '../../api/queries/bridges';
import { parseLocationOnMap } from '../../../domain/coordinates';
import { TILE_ATTRIBUTION, TILE_URL } from '../../ui/leaflet/leaflet-setup';
import * as styles from './dashboard.css';

// Close enough to see the crossing and its approaches.
const MINI_MAP_ZOOM = 12;

/** Spec §2: Bridge Locations, a small map with this bridge's marker (spec §5 rules). */
export function BridgeMiniMap({ bridge }: { bridge: Bridge }) {
  const position = parseLocationOnMap(bridge.location_on_map);
  return (
    <section className={styles.card} aria-labelledby="mini-map-title">
      <h2 id="mini-map-title" className={styles.cardTitle}>
        Bridge Locations
      </h2>
      {position ? (
        <>
          <div role="group" aria-label={`Map of ${bridge.name}`}>
            <MapContainer
              className={styles.miniMap}
              center={[position.lat, position.lng]}
              zoom={MINI_MAP_ZOOM}
              scrollWheelZoom={false}
            >
              <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
              <Marker
                position={[position.lat, position.lng]}
                alt={`${bridge.name} location`}
                keyboard={false}
              />
            </MapContainer>
          </div>
          <p className={styles.muted}>
            {position.lat.toFixed(4)}, {position.lng.toFixed(4)}
          </p>
        </>
      ) : (
        <p className={styles.notice}>
          This bridge has no valid map location yet, so it cannot be shown on a map.
        </p>
      )}
    </section>
  );
}
