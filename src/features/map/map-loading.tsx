import * as styles from './map-page.css';

/**
 * Spec §2: 'Loading map...' while the route's loader waits for the bridge list. Its own small
 * module: a route's pendingComponent is not code-split, so whatever it imports lands in every
 * page's bundle (the map, its sidebar and the settings dialog come with the page). The screen's
 * heading comes with the page too, so a reader finds the one that stays.
 */
export function MapLoading() {
  return (
    <div className={styles.page}>
      <div className={styles.mapArea} role="region" aria-label="Bridge locations map">
        <p className={styles.status} role="status">
          Loading map...
        </p>
      </div>
    </div>
  );
}
