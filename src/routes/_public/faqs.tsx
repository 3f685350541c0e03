import { createFileRoute } from '@tanstack/react-router';
import { FaqsPage } from '../../features/marketing/faqs-page';
import { headTitle } from '../../ui/document-title';

export const Route = createFileRoute('/_public/faqs')({
  head: () => headTitle('FAQs'),
  component: FaqsPage,
});
