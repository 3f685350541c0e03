import { useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useApi } from '../api/api-context';
import { useLeaveToLogin, useSession } from '../api/session-context';
import { SettingsEntry } from '../features/account/settings-entry';
import { NotificationBell } from '../features/notifications/notification-bell';
import { AppShell } from '../ui/app-shell';
import { AppShellNavEntries } from '../ui/app-shell-nav';
import { managesCompany } from '../api/roles';
import { registerOfflineApp } from '../api/offline-app';

export interface SignedInFrameProps {
  user: { username: string; is_staff: boolean; is_company_admin?: boolean };
  children: ReactNode;
}

/**
 * The signed-in frame for the screens under /_signed-in and for a signed-in user's 404 page.
 * The map carries the navigation in its own sidebar (spec §2), so the top bar does elsewhere.
 */
export function SignedInFrame({ user, children }: SignedInFrameProps) {
  const { signOut } = useSession();
  const leaveToLogin = useLeaveToLogin();
  const onMap = useRouterState({ select: (state) => state.location.pathname === '/map' });
  const api = useApi();
  useEffect(() => registerOfflineApp(api), [api]);

  const logout = () => {
    signOut();
    void leaveToLogin();
  };

  return (
    <AppShell
      username={user.username}
      onLogout={logout}
      navigation={
        onMap ? undefined : (
          <AppShellNavEntries isStaff={user.is_staff} manages={managesCompany(user)} />
        )
      }
      settingsEntry={<SettingsEntry variant="onBrand" />}
      bell={<NotificationBell />}
    >
      {children}
    </AppShell>
  );
}
