import { Link } from '@tanstack/react-router';
import * as buttonStyles from './button.css';
import * as styles from './not-found-page.css';

export function NotFoundPage() {
  return <NotFoundContent signedIn={false} />;
}

/** Inside the signed-in frame, which already holds the page's <main>; back to the map first. */
export function SignedInNotFoundPage() {
  return <NotFoundContent signedIn />;
}

function NotFoundContent({ signedIn }: { signedIn: boolean }) {
  const Root = signedIn ? 'div' : 'main';
  return (
    <Root className={styles.page}>
      <div>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.title}>Page not found</h1>
        <p className={styles.text}>This address does not lead to any page on SpanWatch.</p>
        <div className={styles.actions}>
          {signedIn && (
            <Link to="/map" className={buttonStyles.button.primary}>
              Back to the map
            </Link>
          )}
          <Link
            to="/"
            className={signedIn ? buttonStyles.button.secondary : buttonStyles.button.primary}
          >
            Go back home
          </Link>
        </div>
      </div>
    </Root>
  );
}
