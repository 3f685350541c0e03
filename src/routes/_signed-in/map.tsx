import { createFileRoute } from '@tanstack/react-router';
import { listBridgesQueryOptions } from '../../api/queries/bridges';
import { SettingsEntry } from '../../features/account/settings-entry';
import { MapPage } from '../../features/map/map-page';
import { headTitle } from '../../ui/document-title';

export const Route = createFileRoute('/_signed-in/map')({
  // Started with the map's code, not after it; not awaited: spec §2's 'Loading map...' and its
  // 'Failed to fetch bridges' toast are the page's own.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(listBridgesQueryOptions(context.api));
  },
  head: () => headTitle('Bridge map'),
  component: MapScreen,
});

function MapScreen() {
  const isStaff = Route.useRouteContext({ select: (context) => context.user.is_staff });
  return <MapPage isStaff={isStaff} settingsEntry={<SettingsEntry />} />;
}
