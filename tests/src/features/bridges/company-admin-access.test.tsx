import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BridgesPage } from '../../../../src/features/bridges/bridges-page';
import { setupMswServer } from '../../../helpers/msw';
import { renderPage } from '../users/render-page';
import { serveStructures } from './fixtures';

const server = setupMswServer();

// Issue 33 (decision 040): a company administrator writes its company's structure, but the
// staff-only records and the audit history are not offered (the server would refuse them).
describe('Bridge Management for a company administrator', () => {
  it('offers the structure writes, names the company, and hides the staff-only actions', async () => {
    serveStructures(server);
    renderPage(() => <BridgesPage isStaff={false} manages company="Prairie Crossings Ltd." />);
    expect(await screen.findByRole('button', { name: 'Add Bridge' })).toBeInTheDocument();
    expect(screen.getByText('Company: Prairie Crossings Ltd.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Lions Gate' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^History of/ })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Sensors' }));
    const table = await screen.findByRole('table', { name: 'Sensors' });
    await user.click(within(table).getAllByRole('row')[1] ?? table);
    expect(screen.queryByRole('button', { name: 'Add calibration' })).not.toBeInTheDocument();
  });

  it('shows staff the same page without a company line, with the history links', async () => {
    serveStructures(server);
    renderPage(() => <BridgesPage isStaff />);
    expect(await screen.findByRole('button', { name: 'Add Bridge' })).toBeInTheDocument();
    expect(screen.queryByText(/^Company:/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'History of Lions Gate' })).toBeInTheDocument();
  });

  it('offers an operator no writes at all', async () => {
    serveStructures(server);
    renderPage(() => <BridgesPage isStaff={false} />);
    await screen.findByRole('table', { name: 'Bridges' });
    expect(screen.queryByRole('button', { name: 'Add Bridge' })).not.toBeInTheDocument();
  });
});
