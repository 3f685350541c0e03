import type { TrustBadge } from '../../../domain/data-trust';
import * as styles from './dashboard.css';

// Faulty and silent data cannot stand as evidence (red); drift and out-of-service sensors are a
// caution (orange, yellow), in the spec §4 colours the condition chip uses.
const LEVEL: Record<TrustBadge, keyof typeof styles.level> = {
  Faulty: 'red',
  Silent: 'red',
  Drifting: 'orange',
  'Under Maintenance': 'yellow',
  Inactive: 'yellow',
};

/** The badges of one stream's card: what its data cannot be trusted for (issue 36, item 1). */
export function TrustBadges({ badges }: { badges: readonly TrustBadge[] }) {
  if (badges.length === 0) return null;
  return (
    <ul className={styles.badgeList} aria-label="Data trust">
      {badges.map((badge) => (
        <li key={badge} className={`${styles.chip} ${styles.level[LEVEL[badge]]}`}>
          {badge}
        </li>
      ))}
    </ul>
  );
}
