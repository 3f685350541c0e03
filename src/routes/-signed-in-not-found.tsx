import { SignedInNotFoundPage } from '../ui/not-found-page';
import { SignedInFrame, type SignedInFrameProps } from './-signed-in-frame';

/** A signed-in user's 404: the not-found text inside the app's frame. */
export function SignedInNotFound({ user }: Pick<SignedInFrameProps, 'user'>) {
  return (
    <SignedInFrame user={user}>
      <SignedInNotFoundPage />
    </SignedInFrame>
  );
}
