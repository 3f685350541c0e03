import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../../features/marketing/about-page';
import { headTitle } from '../../ui/document-title';

export const Route = createFileRoute('/_public/about')({
  head: () => headTitle('About'),
  component: AboutPage,
});
