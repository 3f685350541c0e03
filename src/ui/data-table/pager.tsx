import { Button } from '../button';
import * as styles from './data-table.css';

export const PAGE_SIZES = [25, 50, 100] as const;

export interface PagerProps {
  label: string;
  page: number;
  pageCount: number;
  first: number;
  last: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

// Paging keeps the DOM to one page of rows, so 10,000 rows render as fast as 25.
export function Pager(props: PagerProps) {
  const { label, page, pageCount, first, last, total, pageSize, onPage, onPageSize } = props;
  return (
    <nav className={styles.pager} aria-label={`${label} pages`}>
      <p aria-live="polite" className={styles.pagerGroup}>
        Showing {first}–{last} of {total.toLocaleString('en')}
      </p>
      <div className={styles.pagerControls}>
        <label className={styles.pagerGroup}>
          Rows per page{' '}
          <select
            className={styles.pageSize}
            value={pageSize}
            onChange={(e) => onPageSize(Number(e.target.value))}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <span className={styles.pagerGroup}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pageCount}
          </span>
          <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </span>
      </div>
    </nav>
  );
}
