import { createFileRoute } from '@tanstack/react-router';
import { FaqsPage } from '../../features/marketing/faqs-page';
import { pageHead } from '../../features/marketing/page-head';

export const Route = createFileRoute('/_public/faqs')({
  head: () =>
    pageHead(
      'FAQs',
      'Answers about SpanWatch bridge monitoring: which sensors we use, how the AI finds anomalies, how accurate it is and what operators see.',
    ),
  component: FaqsPage,
});
