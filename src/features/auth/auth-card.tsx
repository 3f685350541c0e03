import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BRAND } from '../../ui/document-title';
import { Logo } from '../../ui/logo';
import * as styles from './auth-card.css';
import { DotsBackground } from './dots-background';

// The frame shared by sign-in and sign-up: spec §1 greets the visitor with 'Welcome to {brand}'.
export function AuthCard({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <main className={styles.backdrop}>
      <DotsBackground />
      <div className={styles.card}>
        <Link to="/" className={styles.homeLink} aria-label={`${BRAND} home`}>
          <Logo />
        </Link>
        <h1 className={styles.title}>Welcome to {BRAND}</h1>
        {children}
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </main>
  );
}
