import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../../features/marketing/about-page';
import { pageHead } from '../../features/marketing/page-head';

export const Route = createFileRoute('/_public/about')({
  head: () =>
    pageHead(
      'About',
      'SpanWatch is a Canadian team of structural engineers, data scientists and developers monitoring bridges with sensors and machine learning since 2016.',
    ),
  component: AboutPage,
});
