import type { ReactNode } from 'react';
import * as styles from './notifications-screen.css';

/** One section of the Notifications screen: a heading that names it, its actions beside. */
export function ScreenSection(props: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${props.id}-heading`;
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <div className={styles.sectionHeader}>
        <h2 id={headingId} className={styles.heading}>
          {props.title}
        </h2>
        {props.actions}
      </div>
      {props.children}
    </section>
  );
}
