import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { SignedInFrame } from './-signed-in-frame';

// Spec §2: signed-out visitors to any screen under this layout are sent to /login. The user
// is handed down in the route context so child guards and screens need not re-check it.
export const Route = createFileRoute('/_signed-in')({
  beforeLoad: async ({ context, location }) => {
    // Spec §2: while the sign-in state is still loading, wait for it (the pending spinner shows).
    if (context.auth.getState().status === 'loading') await context.auth.restore();
    const { user } = context.auth.getState();
    // An alert email's acknowledge link comes back to itself after sign-in (issue 32); other
    // screens keep spec §2's plain /login.
    const next = location.pathname === '/acknowledge' ? location.href : undefined;
    if (!user) throw redirect({ to: '/login', search: next ? { next } : {} });
    return { user };
  },
  component: SignedInLayout,
});

function SignedInLayout() {
  // The context's user (not the live session) keeps the bar steady while logout navigates away.
  const user = Route.useRouteContext({ select: (context) => context.user });
  return (
    <SignedInFrame user={user}>
      <Outlet />
    </SignedInFrame>
  );
}
