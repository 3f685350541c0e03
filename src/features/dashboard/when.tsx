import { formatDateTime, formatUtc } from '../../../domain/formats';
import * as styles from './dashboard.css';

/** A moment in the reader's time zone, with the UTC time on hover. */
export function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatUtc(iso)}>
      {formatDateTime(iso)}
    </time>
  );
}

/** When a card's data last came from the server (epoch ms): each card refreshes on its own. */
export function UpdatedAt({ at }: { at: number }) {
  if (at === 0) return null;
  const iso = new Date(at).toISOString();
  return (
    <p className={styles.small}>
      Updated <When iso={iso} />
    </p>
  );
}
