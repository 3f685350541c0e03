import { createFileRoute } from '@tanstack/react-router';
import { listBridgesQueryOptions } from '../../api/queries/bridges';
import { managesCompany } from '../../api/roles';
import { SettingsEntry } from '../../features/account/settings-entry';
import { MapLoading } from '../../features/map/map-loading';
import { MapFailed, MapPage } from '../../features/map/map-page';
import { headTitle } from '../../ui/document-title';

export const Route = createFileRoute('/_signed-in/map')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(listBridgesQueryOptions(context.api)),
  head: () => headTitle('Bridge map'),
  // Spec §2: 'Loading map...' shows for as long as the list loads, from the first moment.
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: MapLoading,
  errorComponent: MapFailedScreen,
  component: MapScreen,
});

function MapScreen() {
  const user = Route.useRouteContext({ select: (context) => context.user });
  return (
    <MapPage
      isStaff={user.is_staff}
      manages={managesCompany(user)}
      settingsEntry={<SettingsEntry />}
    />
  );
}

function MapFailedScreen() {
  const user = Route.useRouteContext({ select: (context) => context.user });
  return (
    <MapFailed
      isStaff={user.is_staff}
      manages={managesCompany(user)}
      settingsEntry={<SettingsEntry />}
    />
  );
}
