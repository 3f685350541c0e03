import { visuallyHidden } from './layout.css';
import * as styles from './spinner.css';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status">
      <div className={styles.spinner} aria-hidden="true" />
      <span className={visuallyHidden}>{label}</span>
    </div>
  );
}

/** A route's pendingComponent: light on purpose, as route options ship in the main bundle. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className={styles.pageCentre}>
      <Spinner label={label} />
    </div>
  );
}
