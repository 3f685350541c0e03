import { Link } from '@tanstack/react-router';
import type { AuditObjectType } from '../api/queries/audit';
import * as styles from './management-page.css';

interface HistoryLinkProps {
  objectType: AuditObjectType;
  objectId: number;
  /** Names the row for screen readers, e.g. 'History of Lions Gate'. */
  name: string;
}

/** A row's own audit history, one click away (issue 20): the audit view filtered on it. */
export function HistoryLink({ objectType, objectId, name }: HistoryLinkProps) {
  return (
    <Link
      to="/audit"
      search={{ object_type: objectType, object_id: objectId }}
      className={styles.actionButton}
      aria-label={`History of ${name}`}
    >
      History
    </Link>
  );
}
