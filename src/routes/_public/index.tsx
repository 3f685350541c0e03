import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../features/marketing/home-page';
import { headTitle } from '../../ui/document-title';

export const Route = createFileRoute('/_public/')({
  head: () => headTitle(),
  component: HomePage,
});
