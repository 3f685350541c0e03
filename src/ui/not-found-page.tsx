import { Link } from '@tanstack/react-router';
import * as buttonStyles from './button.css';
import * as styles from './not-found-page.css';

export function NotFoundPage() {
  return (
    <main className={styles.page}>
      <div>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.title}>Page not found</h1>
        <p className={styles.text}>This address does not lead to any page on SpanWatch.</p>
        <Link to="/" className={buttonStyles.button.primary}>
          Go back home
        </Link>
      </div>
    </main>
  );
}
