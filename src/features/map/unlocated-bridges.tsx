import { Link } from '@tanstack/react-router';
import type { Bridge } from '../../api/queries/bridges';
import { countOf } from '../../../domain/formats';
import * as styles from './unlocated-bridges.css';

const NAMES_SHOWN = 5;

/**
 * The bridges the map cannot place (spec §5: no valid location_on_map), named instead of
 * silently missing, with where to fix them.
 */
export function UnlocatedBridges({ bridges }: { bridges: readonly Bridge[] }) {
  if (bridges.length === 0) return null;
  const shown = bridges.slice(0, NAMES_SHOWN);
  const more = bridges.length - shown.length;
  return (
    <section className={styles.panel} aria-label="Bridges without a location">
      <p className={styles.text}>
        {countOf(bridges.length, 'bridge has', 'bridges have')} no location: set it in{' '}
        <Link to="/bridges">Bridge Management</Link>
      </p>
      <ul className={styles.names}>
        {shown.map((bridge) => (
          <li key={bridge.id}>{bridge.name}</li>
        ))}
        {more > 0 && <li>and {countOf(more, 'other', 'others')}</li>}
      </ul>
    </section>
  );
}
