import { createFileRoute, redirect } from '@tanstack/react-router';

// Spec §2: sign-in and sign-up are for signed-out visitors; a signed-in user goes to /dashboard.
export const Route = createFileRoute('/_signed-out')({
  beforeLoad: async ({ context }) => {
    if (context.auth.getState().status === 'loading') await context.auth.restore();
    if (context.auth.getState().user) throw redirect({ to: '/dashboard' });
  },
});
