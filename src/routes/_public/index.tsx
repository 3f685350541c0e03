import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../features/marketing/home-page';
import { pageHead } from '../../features/marketing/page-head';

export const Route = createFileRoute('/_public/')({
  head: () =>
    pageHead(
      undefined,
      'SpanWatch monitors the structural health of bridges with strain, vibration, tilt and temperature sensors and machine learning, so owners act on early warnings instead of emergencies.',
    ),
  component: HomePage,
});
