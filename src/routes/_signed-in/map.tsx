import { createFileRoute } from '@tanstack/react-router';
import { SettingsEntry } from '../../features/account/settings-entry';
import { MapPage } from '../../features/map/map-page';
import { headTitle } from '../../ui/document-title';

export const Route = createFileRoute('/_signed-in/map')({
  head: () => headTitle('Bridge map'),
  component: MapScreen,
});

function MapScreen() {
  const isStaff = Route.useRouteContext({ select: (context) => context.user.is_staff });
  return <MapPage isStaff={isStaff} settingsEntry={<SettingsEntry />} />;
}
