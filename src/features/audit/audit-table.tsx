import type { AuditEntry } from '../../api/queries/audit';
import { formatDateTime, formatUtc } from '../../../domain/formats';
import * as table from '../../ui/data-table/data-table.css';
import { PageTable } from '../../ui/data-table/page-table';
import { changeLines, objectText } from './audit-changes';
import * as styles from './audit.css';

const HEADERS = ['When', 'User', 'Action', 'Object', 'Operation', 'Changes'];

/** One server page of entries, in the house table's look (its paging is the server's). */
export function AuditTable({ entries, loading }: { entries: AuditEntry[]; loading: boolean }) {
  const rows = entries.map((entry) => (
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
  return (
    <PageTable
      label="Audit log"
      headers={HEADERS}
      loading={loading}
      empty="No changes match these filters."
      rows={rows}
    />
  );
}
