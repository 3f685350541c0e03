import { Link } from '@tanstack/react-router';
import type { Bridge } from '../../api/queries/bridges';
import { dashboardSearchOf } from '../../../domain/bridge-search';
import * as styles from './condition-cell.css';

export type ListedCondition = NonNullable<Bridge['condition']> | 'Not assessed';

export const conditionOf = (bridge: Bridge): ListedCondition => bridge.condition ?? 'Not assessed';

/** The server's derived condition (spec §4) as a dot in its colour class and the word. */
export function ConditionCell({ bridge }: { bridge: Bridge }) {
  const condition = conditionOf(bridge);
  return (
    <span className={styles.condition}>
      <span className={styles.dot[condition]} aria-hidden="true" />
      {condition}
    </span>
  );
}

/** The bridge's name, leading to its health dashboard. */
export function BridgeNameCell({ bridge }: { bridge: Bridge }) {
  return (
    <Link to="/dashboard" search={dashboardSearchOf(bridge)} className={styles.nameLink}>
      {bridge.name}
    </Link>
  );
}
