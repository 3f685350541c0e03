import type { ReactNode } from 'react';
import * as styles from './app-shell.css';
import { Button } from './button';

export interface AppShellProps {
  username: string;
  onLogout: () => void;
  children: ReactNode;
}

// The frame of every signed-in screen (spec §1: the application is titled
// 'Bridge Management System').
export function AppShell({ username, onLogout, children }: AppShellProps) {
  return (
    <div className={styles.shell}>
      <header className={styles.topBar}>
        <p className={styles.title}>Bridge Management System</p>
        <div className={styles.account}>
          <p>
            Signed in as <strong>{username}</strong>
          </p>
          <Button variant="onBrand" onClick={onLogout}>
            Logout
          </Button>
        </div>
      </header>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
