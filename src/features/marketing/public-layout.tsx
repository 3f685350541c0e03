import type { ReactNode } from 'react';
import * as styles from './public-layout.css';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const MAIN_ID = 'main-content';

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.layout}>
      <a className={styles.skipLink} href={`#${MAIN_ID}`}>
        Skip to main content
      </a>
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
