import { useMemo, useState } from 'react';
import * as styles from './map-page.css';

export const TILES_FAILED_NOTE = 'Map tiles could not be loaded; bridges are still shown.';

/**
 * Whether the street map's tiles are failing: some tile failed and none has loaded. One failed
 * tile among loaded ones is the tile service's hiccup, not an outage, and says nothing.
 */
export function useTileHealth() {
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  // Stable handlers: Leaflet fires one event per tile, and React bails out of an unchanged state.
  const eventHandlers = useMemo(
    () => ({ tileload: () => setLoaded(true), tileerror: () => setFailed(true) }),
    [],
  );
  return { tilesFailed: failed && !loaded, eventHandlers };
}

/**
 * Shown in place of Leaflet's grey when the tiles do not come (offline, a blocked tile server):
 * the map's background turns plain (map-page.css.ts) and this note says why it is empty.
 */
export function TilesFailedNote() {
  return (
    <p role="status" className={styles.tilesNote}>
      {TILES_FAILED_NOTE}
    </p>
  );
}
