import { createFileRoute } from '@tanstack/react-router';
import { SignupPage } from '../../features/auth/signup-page';
import { headTitle } from '../../ui/document-title';

export const Route = createFileRoute('/_signed-out/signup')({
  head: () => headTitle('Sign up'),
  component: SignupPage,
});
