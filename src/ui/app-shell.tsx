import { useRouterState } from '@tanstack/react-router';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import * as styles from './app-shell.css';
import { useFocusHeadingOnNavigation } from './app-shell-focus';
import { Button } from './button';

export interface AppShellProps {
  username: string;
  onLogout: () => void;
  /**
   * The signed-in navigation's entries (list items). Left out where the screen carries them
   * itself: the map has the spec's sidebar with the same entries.
   */
  navigation?: ReactNode;
  /** The Settings entry, beside Logout wherever the navigation is in the top bar. */
  settingsEntry?: ReactNode;
  /** The notifications bell: in the bar on every screen, the phone's included. */
  bell?: ReactNode;
  children: ReactNode;
}

const MENU_ID = 'app-menu';
const MAIN_ID = 'main-content';

// The frame of every signed-in screen (spec §1: the application is titled 'Bridge Management
// System'). On a phone the bar keeps to one row: the title and a Menu button that opens the
// navigation and the account controls beneath it.
export function AppShell({
  username,
  onLogout,
  navigation,
  settingsEntry,
  bell,
  children,
}: AppShellProps) {
  const mainRef = useRef<HTMLElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useFocusHeadingOnNavigation(mainRef);
  // A chosen entry leads to another screen: the phone menu closes behind it.
  useEffect(() => setMenuOpen(false), [pathname]);

  // Focus moves with the jump, so the next Tab continues inside the content.
  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
  };
  const onMenuKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && menuOpen) {
      setMenuOpen(false);
      document.getElementById(`${MENU_ID}-toggle`)?.focus();
    }
  };

  const panelClass = !navigation
    ? styles.accountOnly
    : menuOpen
      ? styles.menuPanelOpen
      : styles.menuPanel;

  return (
    <div className={styles.shell}>
      <a href={`#${MAIN_ID}`} className={styles.skipLink} onClick={skipToContent}>
        Skip to main content
      </a>
      <header className={styles.topBar} onKeyDown={onMenuKey}>
        <p className={styles.title}>Bridge Management System</p>
        {bell && <div className={styles.bellSlot}>{bell}</div>}
        {navigation && (
          <Button
            id={`${MENU_ID}-toggle`}
            variant="onBrand"
            className={styles.menuToggle}
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </Button>
        )}
        <div id={MENU_ID} className={panelClass}>
          {navigation && (
            <nav aria-label="Main menu">
              <ul className={styles.navList}>{navigation}</ul>
            </nav>
          )}
          <div className={styles.account}>
            <p className={navigation ? styles.signedIn : styles.signedInWide}>
              <span className={styles.signedInWords}>Signed in as </span>
              <strong>{username}</strong>
            </p>
            {navigation && settingsEntry}
            <Button variant="onBrand" onClick={onLogout}>
              Logout
            </Button>
          </div>
        </div>
      </header>
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </div>
  );
}
