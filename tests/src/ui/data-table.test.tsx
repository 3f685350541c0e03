import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type DataTableColumn, DataTable } from '../../../src/ui/data-table/data-table';
import { toCsv } from '../../../src/ui/data-table/csv';

interface Row {
  id: number;
  name: string;
  length: number | null;
}

const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name', value: (r) => r.name },
  { id: 'length', header: 'Length (m)', value: (r) => r.length },
];

const rows: Row[] = [
  { id: 1, name: 'Bridge 10', length: 12.5 },
  { id: 2, name: 'Bridge 2', length: null },
  { id: 3, name: 'Arch', length: 3 },
];

// The second row group is the table body (the first holds the header row).
const body = () => screen.getAllByRole('rowgroup')[1] ?? document.body;
const bodyRows = () => within(body()).getAllByRole('row');
const firstCells = () => bodyRows().map((r) => within(r).getAllByRole('cell')[0]?.textContent);

describe('DataTable', () => {
  it('names the table and shows each row', () => {
    render(<DataTable label="Bridges" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.getByRole('table', { name: 'Bridges' })).toBeInTheDocument();
    expect(firstCells()).toEqual(['Bridge 10', 'Bridge 2', 'Arch']);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('sorts by a column, naturally, and flips on a second click with aria-sort', async () => {
    const user = userEvent.setup();
    render(<DataTable label="Bridges" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header).toHaveAttribute('aria-sort', 'none');

    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(firstCells()).toEqual(['Arch', 'Bridge 2', 'Bridge 10']);

    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()).toEqual(['Bridge 10', 'Bridge 2', 'Arch']);
  });

  it('keeps empty cells last when sorting numbers either way', async () => {
    const user = userEvent.setup();
    render(<DataTable label="Bridges" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const button = within(screen.getByRole('columnheader', { name: /Length/ })).getByRole('button');
    await user.click(button);
    expect(firstCells()).toEqual(['Arch', 'Bridge 10', 'Bridge 2']);
    await user.click(button);
    expect(firstCells()).toEqual(['Bridge 10', 'Arch', 'Bridge 2']);
  });

  it('filters by the search box and says when nothing matches', async () => {
    const user = userEvent.setup();
    render(<DataTable label="Bridges" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    await user.type(screen.getByLabelText('Search bridges'), 'bridge 1');
    expect(firstCells()).toEqual(['Bridge 10']);
    await user.clear(screen.getByLabelText('Search bridges'));
    await user.type(screen.getByLabelText('Search bridges'), 'zzz');
    expect(screen.getByText('No rows match “zzz”.')).toBeInTheDocument();
  });

  it('shows the empty and loading states', () => {
    const { rerender } = render(
      <DataTable
        label="Spans"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        emptyMessage="No spans yet."
      />,
    );
    expect(screen.getByText('No spans yet.')).toBeInTheDocument();
    rerender(<DataTable label="Spans" columns={columns} rows={[]} rowKey={(r) => r.id} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading spans');
  });

  it('renders an Actions column from the caller', () => {
    render(
      <DataTable
        label="Bridges"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        actions={(r) => <button type="button">Edit {r.name}</button>}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Arch' })).toBeInTheDocument();
  });

  it('pages 10,000 rows, rendering one page only, quickly', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      id: i,
      name: `Bridge ${i}`,
      length: i,
    }));
    const started = performance.now();
    render(<DataTable label="Bridges" columns={columns} rows={many} rowKey={(r) => r.id} />);
    const elapsed = performance.now() - started;
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByText('Showing 1–25 of 10,000')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 400')).toBeInTheDocument();
    expect(elapsed).toBeLessThan(1000);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(firstCells()[0]).toBe('Bridge 25');
    await user.selectOptions(screen.getByLabelText('Rows per page'), '100');
    expect(bodyRows()).toHaveLength(100);
    expect(screen.getByText('Page 1 of 100')).toBeInTheDocument();
  });

  it('exports the filtered, sorted rows as CSV', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:csv');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    render(<DataTable label="Bridges" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    await user.type(screen.getByLabelText('Search bridges'), 'bridge');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    const blob = createObjectURL.mock.calls[0]?.[0] ?? new Blob();
    const bytes = new Uint8Array(await blob.arrayBuffer());
    // A UTF-8 byte-order mark first, so spreadsheets read the file as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      'Name,Length (m)\r\nBridge 10,12.5\r\nBridge 2,\r\n',
    );
    expect(click).toHaveBeenCalledOnce();
    click.mockRestore();
    vi.unstubAllGlobals();
  });
});

describe('toCsv', () => {
  it('quotes separators and defuses formulas but keeps negative numbers', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x, "y"', -74.006],
          ['=SUM(A1)', null],
        ],
      ),
    ).toBe('a,b\r\n"x, ""y""",-74.006\r\n\'=SUM(A1),\r\n');
  });
});
