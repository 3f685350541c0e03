import { useQueryClient } from '@tanstack/react-query';
import { Outlet, createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useSession } from '../api/session-context';
import { AppShell } from '../ui/app-shell';

// Spec §2: signed-out visitors to any screen under this layout are sent to /login. The user
// is handed down in the route context so child guards and screens need not re-check it.
export const Route = createFileRoute('/_signed-in')({
  beforeLoad: ({ context }) => {
    const { user } = context.auth.getState();
    if (!user) throw redirect({ to: '/login' });
    return { user };
  },
  component: SignedInLayout,
});

function SignedInLayout() {
  // The context's user (not the live session) keeps the bar steady while logout navigates away.
  const username = Route.useRouteContext({ select: (context) => context.user.username });
  const { signOut } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const logout = () => {
    signOut();
    // One user's cached data must never be shown to the next one on this browser.
    queryClient.clear();
    void navigate({ to: '/login' });
  };

  return (
    <AppShell username={username} onLogout={logout}>
      <Outlet />
    </AppShell>
  );
}
