import { Link } from '@tanstack/react-router';
import * as styles from './app-shell.css';
import { NotificationsEntry, OperationsEntry } from './operations-entry';

/**
 * The map sidebar's entries (spec §2), for the top bar of every other signed-in screen, and
 * Operations for staff: the spec fixes the sidebar's entries, so Operations and Inspections
 * live up here only. Notifications for those who manage a company, as Users (decision 066).
 */
export function AppShellNavEntries({ isStaff, manages }: { isStaff: boolean; manages: boolean }) {
  return (
    <>
      <li>
        <Link to="/map" className={styles.navLink}>
          Bridge Locations
        </Link>
      </li>
      <li>
        <Link to="/bridges" className={styles.navLink}>
          Bridges
        </Link>
      </li>
      {manages && (
        <li>
          <Link to="/users" className={styles.navLink}>
            Users
          </Link>
        </li>
      )}
      {manages && <NotificationsEntry className={styles.navLink} />}
      <li>
        <Link to="/inspections" className={styles.navLink}>
          Inspections
        </Link>
      </li>
      {isStaff && <OperationsEntry className={styles.navLink} />}
      {isStaff && (
        <li>
          <Link to="/audit" className={styles.navLink}>
            Audit log
          </Link>
        </li>
      )}
    </>
  );
}
