import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useApi } from '../../api/api-context';
import { BridgeDashboard } from './bridge-dashboard';
import { BridgeSwitcher } from './bridge-switcher';
import { DashboardFrame } from './dashboard-frame';
import { dashboardQueries } from './dashboard-queries';
import * as styles from './dashboard.css';

export interface DashboardPageProps {
  bridgeId: number;
}

/** Spec §2, Dashboard: one bridge's health, found by the id in the address. */
export function DashboardPage({ bridgeId }: DashboardPageProps) {
  const api = useApi();
  // The route's loader has fetched it (loadDashboard); loading and failure are the route's.
  const { data: bridges } = useSuspenseQuery(dashboardQueries.bridges(api));
  const bridge = bridges.find((b) => b.id === bridgeId);

  if (!bridge) {
    return (
      <DashboardFrame title="Bridge not found">
        <p className={styles.notice} role="status">
          There is no bridge {bridgeId} among the bridges you can see. It may have been removed, or
          it is not assigned to you. <Link to="/map">Pick a bridge on the map</Link>
        </p>
      </DashboardFrame>
    );
  }
  return (
    <DashboardFrame
      title={`${bridge.name} Health condition`}
      switcher={<BridgeSwitcher bridges={bridges} current={bridge.id} />}
    >
      <BridgeDashboard bridge={bridge} />
    </DashboardFrame>
  );
}
