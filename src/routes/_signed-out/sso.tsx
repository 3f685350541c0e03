import { createFileRoute } from '@tanstack/react-router';
import { SsoLanding } from '../../features/auth/sso-landing';
import { headTitle } from '../../ui/document-title';

// The landing page of single sign-on (decision 054); the code travels in the fragment.
export const Route = createFileRoute('/_signed-out/sso')({
  head: () => headTitle('Signing in'),
  component: SsoLanding,
});
