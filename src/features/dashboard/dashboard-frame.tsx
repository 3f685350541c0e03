import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import * as styles from './dashboard.css';

interface DashboardFrameProps {
  title: string;
  switcher?: ReactNode;
  children: ReactNode;
}

/** The dashboard's header (the way back to the map, the title) around whatever it shows. */
export function DashboardFrame({ title, switcher, children }: DashboardFrameProps) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to="/map" className={styles.backLink}>
          <span aria-hidden="true">←&nbsp;</span>Back to map
        </Link>
        <h1 className={styles.title}>{title}</h1>
        {switcher}
      </header>
      {children}
    </div>
  );
}
