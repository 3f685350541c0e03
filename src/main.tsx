import './styles/global.css';
import { type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { apiClient } from './api/client';
import { session } from './api/session';
import { App } from './app';
import { warnCaughtError } from './caught-errors';
import { connectInspector } from './inspector';
import { createAppQueryClient } from './query-client';
import { createAppRouter } from './router';

const queryClient = createAppQueryClient();
const router = createAppRouter({ queryClient, api: apiClient, auth: session });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * A public page arrives rendered (build/prerender-plugin.ts): React adopts that HTML instead of
 * drawing it again, so nothing blinks and what a visitor already typed stays. The route's code
 * is loaded first, so the first client render is the same page. The build's head tags make way
 * for the router's own (document.title reads the first <title>).
 */
async function adoptPrerenderedPage(root: HTMLElement, app: ReactNode): Promise<boolean> {
  if (!root.firstElementChild) return false;
  await router.load();
  // What the router's own SSR hydration sets: it then renders the root route the way the build
  // did (no Suspense boundary of its own around it), so React finds the markup it expects.
  router.ssr = { manifest: undefined };
  for (const tag of document.head.querySelectorAll('[data-prerendered]')) tag.remove();
  // As a transition, hydration works in short slices: the page it adopts is already on screen,
  // and a tap or scroll meanwhile must not wait for the whole of it.
  startTransition(() => {
    hydrateRoot(root, app, {
      onCaughtError: warnCaughtError,
      // A page that no longer matches its HTML (say, built last year: the footer shows the year)
      // is drawn afresh by React; worth a warning, not an error.
      onRecoverableError: (error) => console.warn('The prerendered page was redrawn:', error),
    });
  });
  return true;
}

// Spec §2: nothing is rendered until the stored-token check ends, so guards never see a
// half-known session. restore() never rejects. The inspector (dev and QA builds only,
// docs/qa-state-machines.md) connects first so it sees the session actor start.
void connectInspector()
  .then(() => session.restore())
  .then(async () => {
    const app = (
      <StrictMode>
        <App router={router} queryClient={queryClient} session={session} />
      </StrictMode>
    );
    if (!(await adoptPrerenderedPage(container, app)))
      createRoot(container, { onCaughtError: warnCaughtError }).render(app);
  });
