import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import type { Bridge } from '../../api/queries/bridges';
import { dashboardSearchOf } from '../../../domain/bridge-search';
import * as styles from './dashboard.css';

/** Moves between the bridges the user can see without going back to the map. */
export function BridgeSwitcher({
  bridges,
  current,
}: {
  bridges: readonly Bridge[];
  current: number;
}) {
  const navigate = useNavigate();
  const id = useId();
  const sorted = [...bridges].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <div className={styles.switcher}>
      <label htmlFor={id} className={styles.switcherLabel}>
        Bridge
      </label>
      <select
        id={id}
        className={styles.switcherSelect}
        value={current}
        onChange={(event) => {
          const chosen = bridges.find((b) => String(b.id) === event.target.value);
          if (chosen) void navigate({ to: '/dashboard', search: dashboardSearchOf(chosen) });
        }}
      >
        {sorted.map((b) => (
          <option key={b.id} value={b.id}>
            {b.condition ? `${b.name} (${b.condition})` : `${b.name} (not assessed)`}
          </option>
        ))}
      </select>
    </div>
  );
}
