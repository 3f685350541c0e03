import { Suspense, lazy } from 'react';
import { useSession } from '../api/session-context';
import { NotFoundPage } from '../ui/not-found-page';
import { PageSpinner } from '../ui/spinner';

// The root route ships with every page, the public ones included: the signed-in frame (its
// settings dialog, mutations and their helpers) is fetched only when a signed-in user needs it.
const SignedInNotFound = lazy(() =>
  import('./-signed-in-not-found').then((module) => ({ default: module.SignedInNotFound })),
);

/** A signed-in user's 404 keeps the app's frame and leads back to the map. */
export function AppNotFound() {
  const { user } = useSession();
  if (!user) return <NotFoundPage />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <SignedInNotFound user={user} />
    </Suspense>
  );
}
