import { visuallyHidden } from '../../ui/layout.css';
import * as styles from './map-page.css';

/**
 * Spec §2: 'Loading map...' while the route's loader waits for the bridge list. Its own small
 * module: a route's pendingComponent is not code-split, so whatever it imports lands in every
 * page's bundle (the map, its sidebar and the settings dialog come with the page).
 */
export function MapLoading() {
  return (
    <div className={styles.page}>
      <h1 className={visuallyHidden}>Bridge Locations</h1>
      <div className={styles.mapArea} role="region" aria-label="Bridge locations map">
        <p className={styles.status} role="status">
          Loading map...
        </p>
      </div>
    </div>
  );
}
