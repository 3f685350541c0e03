import { useSession } from '../api/session-context';
import { NotFoundPage, SignedInNotFoundPage } from '../ui/not-found-page';
import { SignedInFrame } from './-signed-in-frame';

/** A signed-in user's 404 keeps the app's frame and leads back to the map. */
export function AppNotFound() {
  const { user } = useSession();
  if (!user) return <NotFoundPage />;
  return (
    <SignedInFrame user={user}>
      <SignedInNotFoundPage />
    </SignedInFrame>
  );
}
