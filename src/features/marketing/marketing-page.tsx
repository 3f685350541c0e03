import type { ReactNode } from 'react';
import { container } from '../../ui/layout.css';
import * as styles from './marketing-page.css';

export interface MarketingPageProps {
  eyebrow?: string;
  title: string;
  lead: string;
  children?: ReactNode;
}

// The common shape of a public page: a banner with the page's one h1, then its sections.
export function MarketingPage({ eyebrow, title, lead, children }: MarketingPageProps) {
  return (
    <>
      <section className={styles.hero}>
        <div className={container}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.lead}>{lead}</p>
        </div>
      </section>
      {children && <div className={`${container} ${styles.body}`}>{children}</div>}
    </>
  );
}
