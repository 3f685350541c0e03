import type { AuditEntry } from '../../api/queries/audit';
import { formatDateTime, formatUtc } from '../../../domain/formats';
import * as table from '../../ui/data-table/data-table.css';
import { ScrollFrame } from '../../ui/data-table/scroll-frame';
import { visuallyHidden } from '../../ui/layout.css';
import { Spinner } from '../../ui/spinner';
import { changeLines, objectText } from './audit-changes';
import * as styles from './audit.css';

const HEADERS = ['When', 'User', 'Action', 'Object', 'Operation', 'Changes'];

/** One server page of entries, in the house table's look (its paging is the server's). */
export function AuditTable({ entries, loading }: { entries: AuditEntry[]; loading: boolean }) {
  let body;
  if (loading) {
    body = (
      <tr>
        <td colSpan={HEADERS.length} className={table.message}>
          <Spinner label="Loading the audit log" />
        </td>
      </tr>
    );
  } else if (entries.length === 0) {
    body = (
      <tr>
        <td colSpan={HEADERS.length} className={table.message}>
          No changes match these filters.
        </td>
      </tr>
    );
  } else {
    body = entries.map((entry) => (
      <tr key={entry.id}>
        <td className={table.cell} data-label="When" title={formatUtc(entry.at)}>
          {formatDateTime(entry.at)}
        </td>
        <td className={table.cell} data-label="User">
          {entry.actor}
        </td>
        <td className={table.cell} data-label="Action">
          {entry.action}
        </td>
        <td className={table.cell} data-label="Object">
          {objectText(entry)}
        </td>
        <td className={table.cell} data-label="Operation">
          {entry.operation ?? '—'}
        </td>
        <td className={table.cell} data-label="Changes">
          <ul className={styles.changes}>
            {changeLines(entry).map((line) => (
              <li key={line.field}>
                <span className={styles.field}>{line.field}</span>: <span>{line.text}</span>
              </li>
            ))}
          </ul>
        </td>
      </tr>
    ));
  }
  return (
    <ScrollFrame label="Audit log">
      <table className={table.table} aria-busy={loading || undefined}>
        <caption className={visuallyHidden}>Audit log</caption>
        <thead>
          <tr>
            {HEADERS.map((h) => (
              <th key={h} scope="col" className={table.headerCell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </ScrollFrame>
  );
}
