import { createFileRoute, redirect } from '@tanstack/react-router';

// Spec §2: sign-in and sign-up are for signed-out visitors; a signed-in user goes to /dashboard.
export const Route = createFileRoute('/_signed-out')({
  beforeLoad: ({ context }) => {
    if (context.auth.getState().user) throw redirect({ to: '/dashboard' });
  },
});
