import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useApi } from '../../api/api-context';
import { listBridgesQueryOptions } from '../../api/queries/bridges';
import { ErrorBanner } from '../../ui/error-banner';
import { Spinner } from '../../ui/spinner';
import { BridgeDashboard } from './bridge-dashboard';
import { BridgeSwitcher } from './bridge-switcher';
import { useDashboardPrefetch } from './dashboard-queries';
import * as styles from './dashboard.css';

export interface DashboardPageProps {
  bridgeId: number;
}

/** Spec §2, Dashboard: one bridge's health, found by the id in the address. */
export function DashboardPage({ bridgeId }: DashboardPageProps) {
  const api = useApi();
  const bridges = useQuery(listBridgesQueryOptions(api));
  const bridge = bridges.data?.find((b) => b.id === bridgeId);
  // What does not need the bridge's name starts with the bridge list, not after it.
  useDashboardPrefetch(api, bridgeId, undefined);

  if (bridges.isPending) {
    return (
      <div className={styles.page}>
        <Spinner label="Loading the bridge" />
      </div>
    );
  }
  if (bridges.isError) {
    return (
      <DashboardFrame title="Bridge health">
        <ErrorBanner>{bridges.error.message}</ErrorBanner>
      </DashboardFrame>
    );
  }
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
      switcher={<BridgeSwitcher bridges={bridges.data} current={bridge.id} />}
    >
      <BridgeDashboard bridge={bridge} />
    </DashboardFrame>
  );
}

interface DashboardFrameProps {
  title: string;
  switcher?: ReactNode;
  children: ReactNode;
}

function DashboardFrame({ title, switcher, children }: DashboardFrameProps) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to="/map" className={styles.backLink}>
          <span aria-hidden="true">←&nbsp;</span>Back to map
        </Link>
        <h1 className={styles.title}>{title}</h1>
        {switcher}
      </header>
      {children}
    </div>
  );
}
