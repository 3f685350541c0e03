import { formatInstant, formatUtc } from '../../../domain/formats';
import { useDisplaySettings } from '../../ui/display-settings';
import * as styles from './dashboard.css';

/**
 * A moment in the bridge company's time zone, named ('Nov 30, 2026, 9:05 AM EST'), or in the
 * reader's own when the company set none (decision 064); the UTC time on hover.
 */
export function When({ iso }: { iso: string }) {
  const { timeZone } = useDisplaySettings();
  return (
    <time dateTime={iso} title={formatUtc(iso)}>
      {formatInstant(iso, timeZone)}
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
