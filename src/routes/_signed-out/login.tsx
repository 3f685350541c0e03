import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/login-page';
import { headTitle } from '../../ui/document-title';

export const Route = createFileRoute('/_signed-out/login')({
  head: () => headTitle('Sign in'),
  component: LoginPage,
});
