import { type ReactNode, useDeferredValue, useId, useMemo, useState } from 'react';
import { Button } from '../button';
import { visuallyHidden } from '../layout.css';
import { Spinner } from '../spinner';
import { downloadCsv, toCsv } from './csv';
import * as styles from './data-table.css';
import { PAGE_SIZES, Pager } from './pager';
import { ScrollFrame } from './scroll-frame';
import {
  type CellValue,
  type SortState,
  cellText,
  filterRows,
  nextSort,
  pageOf,
  sortRows,
} from './table-model';

export interface DataTableColumn<Row> {
  id: string;
  header: string;
  /** The plain value behind the cell: searched, sorted and exported. */
  value: (row: Row) => CellValue;
  /** How the cell shows on screen, when not just its value. */
  render?: (row: Row) => ReactNode;
}

export interface DataTableProps<Row> {
  /** The table's caption and accessible name, also used for the search box and file name. */
  label: string;
  columns: DataTableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** Adds an Actions column (never exported). */
  actions?: (row: Row) => ReactNode;
  loading?: boolean;
  emptyMessage?: string;
  /** Extra toolbar content such as an Add button. */
  toolbar?: ReactNode;
  exportFileName?: string;
  initialPageSize?: number;
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, columns, rows, rowKey, actions, loading = false, toolbar } = props;
  const { emptyMessage = 'Nothing to show yet.', initialPageSize = PAGE_SIZES[0] } = props;
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  // Typing stays responsive while a large table is filtered in the background.
  const deferredQuery = useDeferredValue(query);

  const visible = useMemo(
    () => sortRows(filterRows(rows, columns, deferredQuery), columns, sort),
    [rows, columns, deferredQuery, sort],
  );
  const current = pageOf(visible, page, pageSize);
  const columnCount = columns.length + (actions ? 1 : 0);

  const exportCsv = () => {
    const csv = toCsv(
      columns.map((c) => c.header),
      visible.map((row) => columns.map((c) => c.value(row))),
    );
    downloadCsv(props.exportFileName ?? label.toLowerCase().replaceAll(/\s+/g, '-'), csv);
  };

  let body: ReactNode;
  if (loading) {
    body = (
      <tr>
        <td colSpan={columnCount} className={styles.message}>
          <Spinner label={`Loading ${label.toLowerCase()}`} />
        </td>
      </tr>
    );
  } else if (current.rows.length === 0) {
    const text = rows.length > 0 ? `No rows match “${deferredQuery.trim()}”.` : emptyMessage;
    body = (
      <tr>
        <td colSpan={columnCount} className={styles.message}>
          {text}
        </td>
      </tr>
    );
  } else {
    body = current.rows.map((row) => (
      <tr key={rowKey(row)}>
        {columns.map((c) => (
          <td key={c.id} className={styles.cell} data-label={c.header}>
            {c.render ? c.render(row) : cellText(c.value(row))}
          </td>
        ))}
        {actions && (
          <td className={styles.actionsCell} data-label="Actions">
            {actions(row)}
          </td>
        )}
      </tr>
    ));
  }

  return (
    <div className={styles.wrapper}>
      <div className={styles.toolbar}>
        <div className={styles.search}>
          <label htmlFor={searchId}>Search {label.toLowerCase()}</label>
          <input
            id={searchId}
            type="search"
            className={styles.searchInput}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className={styles.toolbarActions}>
          {toolbar}
          <Button variant="secondary" onClick={exportCsv} disabled={loading}>
            Export CSV
          </Button>
        </div>
      </div>
      <ScrollFrame label={label}>
        <table className={styles.table} aria-busy={loading || undefined}>
          {/* On a phone each row becomes a card (data-table.css.ts); the head stays for readers. */}
          <caption className={visuallyHidden}>{label}</caption>
          <thead>
            <tr>
              {columns.map((c) => {
                const direction = sort?.columnId === c.id ? sort.direction : 'none';
                return (
                  <th key={c.id} scope="col" aria-sort={direction} className={styles.headerCell}>
                    <button
                      type="button"
                      className={styles.sortButton}
                      onClick={() => setSort((s) => nextSort(s, c.id))}
                    >
                      {c.header}
                      <span aria-hidden="true">
                        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
              {actions && (
                <th scope="col" className={styles.headerCell}>
                  Actions
                </th>
              )}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </ScrollFrame>
      {!loading && (
        <Pager
          label={label}
          {...current}
          total={visible.length}
          pageSize={pageSize}
          onPage={setPage}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      )}
    </div>
  );
}
