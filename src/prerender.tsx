import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { apiClient } from './api/client';
import { session } from './api/session';
import { App } from './app';
import { serviceLinks, solutionLinks } from './features/marketing/topics';
import { createAppQueryClient } from './query-client';
import { createAppRouter } from './router';

/**
 * Build-time rendering of the public pages (build/prerender-plugin.ts runs this in Node): their
 * HTML ships with the page, so the first paint needs no JavaScript; the app then adopts that HTML
 * (src/main.tsx). Nothing here knows a visitor: no public page differs for a signed-in one.
 */
export const prerenderedPaths: readonly string[] = [
  '/',
  '/about',
  '/faqs',
  ...[...solutionLinks, ...serviceLinks].map(({ to }) => String(to)),
];

export interface PrerenderedPage {
  /** The page's title and meta description, as the route's `head` gives them. */
  title: string;
  description: string;
  /** The routes that matched, so the build can find their code and styles. */
  routeIds: string[];
  /** What goes inside #root. */
  html: string;
}

export async function renderPage(path: string): Promise<PrerenderedPage> {
  const queryClient = createAppQueryClient();
  const router = createAppRouter({
    queryClient,
    api: apiClient,
    auth: session,
    history: createMemoryHistory({ initialEntries: [path] }),
    prerender: true,
  });
  await router.load();
  const { matches } = router.state;
  if (matches.some((match) => match.status !== 'success' || match._notFound)) {
    throw new Error(`${path} did not render as a page`);
  }
  const meta = matches.flatMap((match) => match.meta ?? []);
  const title = meta.findLast((tag) => tag?.title)?.title ?? '';
  const description = meta.findLast((tag) => tag?.name === 'description')?.content ?? '';
  const html = renderToString(<App router={router} queryClient={queryClient} session={session} />)
    // HeadContent's tags belong in <head>, where the build writes them from `title`/`description`.
    .replace(/<title>[^<]*<\/title>/g, '')
    .replace(/<meta name="description"[^>]*\/>/g, '');
  return { title, description, routeIds: matches.map((match) => match.routeId), html };
}
