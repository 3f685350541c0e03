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

export function PageSpinner() {
  return (
    <div className={styles.pageCentre}>
      <Spinner />
    </div>
  );
}
