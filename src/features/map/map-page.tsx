import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useApi } from '../../api/api-context';
import { type Bridge, listBridgesQueryOptions } from '../../api/queries/bridges';
import { dashboardSearchOf } from '../../../domain/bridge-search';
import { parseLocationOnMap } from '../../../domain/coordinates';
import { initialMapView } from '../../../domain/map-centre';
import { Button } from '../../ui/button';
import { visuallyHidden } from '../../ui/layout.css';
import { BridgeMap } from './bridge-map';
import { MapLegend } from './map-legend';
import * as styles from './map-page.css';
import { toMapPoints } from './map-points';
import { MapSidebar, SIDEBAR_ID } from './map-sidebar';
import { UnlocatedBridges } from './unlocated-bridges';
import { type BridgeListAnswer, useMapToasts } from './use-map-toasts';

export interface MapPageProps {
  isStaff: boolean;
  manages: boolean;
  /** The sidebar's Settings entry; features do not import each other, so the route passes it. */
  settingsEntry: ReactNode;
}

/** The map of the bridge list the route's loader has waited for. */
export function MapPage(props: MapPageProps) {
  const api = useApi();
  const bridges = useSuspenseQuery(listBridgesQueryOptions(api));
  return (
    <MapFrame {...props}>
      <MapContent bridges={bridges.data} answer={bridges} />
    </MapFrame>
  );
}

/** Spec §8: the list failed; its red toast shows, and the map opens on the default view. */
export function MapFailed(props: MapPageProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const state = queryClient.getQueryState(listBridgesQueryOptions(api).queryKey);
  const answer: BridgeListAnswer = {
    status: 'error',
    dataUpdatedAt: 0,
    errorUpdatedAt: state?.errorUpdatedAt ?? 0,
  };
  return (
    <MapFrame {...props}>
      <MapContent bridges={[]} answer={answer} />
    </MapFrame>
  );
}

function MapFrame({
  isStaff,
  manages,
  settingsEntry,
  children,
}: MapPageProps & { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <div className={styles.page}>
      <h1 className={visuallyHidden}>Bridge Locations</h1>
      <MapSidebar
        isStaff={isStaff}
        manages={manages}
        settingsEntry={settingsEntry}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
      />
      <div className={styles.mapArea} role="region" aria-label="Bridge locations map">
        {children}
        <Button
          variant="secondary"
          className={styles.menuButton}
          aria-expanded={drawerOpen}
          aria-controls={SIDEBAR_ID}
          onClick={() => setDrawerOpen((open) => !open)}
        >
          Menu
        </Button>
      </div>
    </div>
  );
}

function MapContent({ bridges, answer }: { bridges: Bridge[]; answer: BridgeListAnswer }) {
  const navigate = useNavigate();
  // Markers take each bridge's condition from the list itself (spec §4, derived by the server).
  const points = useMemo(() => toMapPoints(bridges), [bridges]);
  // Spec §9: fixed from the first answer; on failure the map still opens on the default view.
  const view = useMemo(() => initialMapView(points.map((p) => p.position)), [points]);
  const unlocated = useMemo(
    () => bridges.filter((b) => !parseLocationOnMap(b.location_on_map)),
    [bridges],
  );
  useMapToasts(answer, view.hasBridges);

  const openDashboard = useCallback(
    (bridge: { id: number; name: string }) =>
      void navigate({ to: '/dashboard', search: dashboardSearchOf(bridge) }),
    [navigate],
  );

  return (
    <>
      <BridgeMap bridges={bridges} points={points} view={view} onOpenDashboard={openDashboard} />
      <MapLegend />
      <UnlocatedBridges bridges={unlocated} />
    </>
  );
}
