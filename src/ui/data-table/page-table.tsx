import type { ReactNode } from 'react';
import { visuallyHidden } from '../layout.css';
import { Spinner } from '../spinner';
import * as table from './data-table.css';
import { ScrollFrame } from './scroll-frame';

/**
 * One server page of rows in the house table's look (the paging is the server's): a spinner
 * while it loads, `empty` when there are no rows, a card a row on a phone.
 */
export function PageTable(props: {
  label: string;
  headers: readonly string[];
  loading: boolean;
  empty: string;
  rows: ReactNode[];
}) {
  const { label, headers, loading } = props;
  const message = loading ? <Spinner label={`Loading the ${label.toLowerCase()}`} /> : props.empty;
  return (
    <ScrollFrame label={label}>
      <table className={table.table} aria-busy={loading || undefined}>
        <caption className={visuallyHidden}>{label}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className={table.headerCell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading || props.rows.length === 0 ? (
            <tr>
              <td colSpan={headers.length} className={table.message}>
                {message}
              </td>
            </tr>
          ) : (
            props.rows
          )}
        </tbody>
      </table>
    </ScrollFrame>
  );
}
