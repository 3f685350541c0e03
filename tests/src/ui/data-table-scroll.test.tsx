import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DataTableColumn, DataTable } from '../../../src/ui/data-table/data-table';

interface Row {
  id: number;
  sha256: string;
}

const columns: DataTableColumn<Row>[] = [{ id: 'sha', header: 'SHA-256', value: (r) => r.sha256 }];
const rows: Row[] = [
  { id: 1, sha256: 'a9c36b944371cd0cd474c467543bb999cc8e65b721a323c4aca18fc165dd2294' },
];

/** A layout the test DOM lacks: every element `scrollWidth` wide inside `clientWidth`. */
function layOut(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
}

// axe's scrollable-region-focusable (an audit entry's long hash once made the audit table scroll
// at 1440 px): a keyboard must reach a table that scrolls sideways, and only that one.
describe('a data table wider than its frame', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('is a named region a keyboard can reach to scroll', () => {
    layOut(2000, 1000);
    render(<DataTable label="Audit log" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const region = screen.getByRole('region', { name: 'Audit log, scrolls sideways' });
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('adds no tab stop when the table fits', () => {
    layOut(1000, 1000);
    render(<DataTable label="Audit log" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
