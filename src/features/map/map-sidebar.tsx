import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { NotificationsEntry, OperationsEntry } from '../../ui/operations-entry';
import * as styles from './map-sidebar.css';

export interface MapSidebarProps {
  isStaff: boolean;
  /** Staff or a company administrator: User Management is theirs too (decision 040). */
  manages: boolean;
  /** The Settings entry (it opens the settings dialog); the route supplies it. */
  settingsEntry: ReactNode;
  /** Only matters on small screens, where the drawer is temporary. */
  open: boolean;
  onClose: () => void;
}

export const SIDEBAR_ID = 'map-sidebar';

/**
 * The map's drawer, 240 px wide (spec §9): permanent on wide screens; on small ones it slides
 * over the map when opened and closes with Escape, the backdrop or a chosen entry.
 */
export function MapSidebar({ isStaff, manages, settingsEntry, open, onClose }: MapSidebarProps) {
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (open) navRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) onClose();
  };

  return (
    <>
      {open && <div className={styles.backdrop} aria-hidden="true" onClick={onClose} />}
      <nav
        id={SIDEBAR_ID}
        ref={navRef}
        aria-label="Map menu"
        className={open ? styles.sidebarOpen : styles.sidebar}
        onKeyDown={onKeyDown}
      >
        <ul className={styles.list}>
          <li>
            <Link to="/map" className={styles.entry} onClick={onClose}>
              Bridge Locations
            </Link>
          </li>
          <li>
            <Link to="/bridges" className={styles.entry}>
              Bridges
            </Link>
          </li>
          {manages && (
            <li>
              <Link to="/users" className={styles.entry}>
                Users
              </Link>
            </li>
          )}
          {manages && <NotificationsEntry className={styles.entry} />}
          {/* Beyond the spec's entries: the landing screen offers the destinations the top bar
              offers on every other screen, to the same roles (issue 36, decision 043). */}
          <li>
            <Link to="/inspections" className={styles.entry}>
              Inspections
            </Link>
          </li>
          {isStaff && <OperationsEntry className={styles.entry} />}
          {isStaff && (
            <li>
              <Link to="/audit" className={styles.entry}>
                Audit log
              </Link>
            </li>
          )}
          <li className={styles.settingsItem}>{settingsEntry}</li>
        </ul>
      </nav>
    </>
  );
}
