import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Button } from './button';
import * as styles from './not-found-page.css';

// Shown when a route's loader or component throws. The details stay in the console: they
// help a developer and only confuse an operator.
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  useEffect(() => {
    console.warn('Route failed:', error);
  }, [error]);

  const retry = () => {
    reset();
    void router.invalidate();
  };

  return (
    <main className={styles.page}>
      <div role="alert">
        <h1 className={styles.title}>Something went wrong</h1>
        <p className={styles.text}>This page could not be shown. Please try again.</p>
        <Button onClick={retry}>Try again</Button>
      </div>
    </main>
  );
}
