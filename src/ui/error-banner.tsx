import type { ReactNode } from 'react';
import * as styles from './error-banner.css';

// role="alert" makes screen readers announce the message as soon as it appears.
export function ErrorBanner({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className={styles.alert}>
      {children}
    </div>
  );
}
