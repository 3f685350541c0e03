import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/login-page';
import { headTitle } from '../../ui/document-title';

export const Route = createFileRoute('/_signed-out/login')({
  // Where to go after signing in: only a path of this app (never another site).
  validateSearch: (raw: Record<string, unknown>): { next?: string } =>
    typeof raw.next === 'string' && /^\/(?!\/)/.test(raw.next) ? { next: raw.next } : {},
  head: () => headTitle('Sign in'),
  component: LoginPage,
});
