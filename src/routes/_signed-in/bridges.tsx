import { createFileRoute } from '@tanstack/react-router';
import { BridgesPage } from '../../features/bridges/bridges-page';
import { headTitle } from '../../ui/document-title';

export const Route = createFileRoute('/_signed-in/bridges')({
  head: () => headTitle('Bridge management'),
  component: BridgesPage,
});
