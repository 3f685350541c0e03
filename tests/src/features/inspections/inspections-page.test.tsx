import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { aUser, storeTokens } from '../../../helpers/web-fixtures';
import { confederation, serveDashboard } from '../dashboard/fixtures';
import { resetDraftStoreForTests } from '../../../../src/features/inspections/draft-store';

type S = components['schemas'];

const server = setupMswServer();
configure({ asyncUtilTimeout: 4000 });

const due = (overrides: Partial<S['InspectionDue']>): S['InspectionDue'] => ({
  bridge: confederation.id,
  bridge_name: confederation.name,
  kind: 'routine',
  last_inspected_on: '2025-12-14',
  next_due: '2026-12-14',
  status: 'due',
  shortened: false,
  condition: 'Good',
  ...overrides,
});

const lionsGate = { ...confederation, id: 5, name: 'Lions Gate Bridge' };

function serveCalendar(entries: S['InspectionDue'][], staff = false) {
  storeTokens();
  server.use(
    http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(aUser({ is_staff: staff }))),
    http.get(apiUrl('/api/v1/inspection-calendar'), () =>
      HttpResponse.json({ month: '2026-11', entries }),
    ),
    http.get(apiUrl('/api/v1/bridges'), () => HttpResponse.json([confederation, lionsGate])),
    http.get(apiUrl('/api/v1/bridges/:id/inspection-programme'), ({ params }) =>
      HttpResponse.json({
        bridge: Number(params.id),
        regime: 'NBIS',
        rating_scale: 'NBI',
        intervals: { routine: 24, in_depth: null, underwater: 60, special: null },
        poor_condition_factor: 0.5,
        due_lead_days: 30,
        source: '23 CFR 650.311 (NBIS, 2022)',
        stored: false,
      }),
    ),
  );
}

const rows = async () => {
  const table = await screen.findByRole('table', { name: /Inspections overdue and due/ });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
};

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:png'), revokeObjectURL: vi.fn() });
  // Each case on an empty device: a refused draft would otherwise open in the next one.
  resetDraftStoreForTests();
});

describe('inspection calendar', () => {
  it('lists the overdue inspections first, as the server orders them, with their status', async () => {
    serveCalendar([
      due({
        bridge: lionsGate.id,
        bridge_name: lionsGate.name,
        next_due: '2026-11-12',
        status: 'overdue',
        shortened: true,
        condition: 'Poor',
      }),
      due({ next_due: '2026-11-28' }),
    ]);
    await renderApp('/inspections');
    const [first, second] = await rows();
    expect(first).toContain('Lions Gate Bridge');
    expect(first).toContain('Overdue');
    expect(first).toContain('Interval shortened: condition Poor');
    expect(second).toContain('Confederation Bridge');
    expect(second).toContain('Due soon');
    expect(screen.queryByRole('button', { name: 'Record inspection' })).toBeNull();
  });

  it('says so when nothing is overdue or due this month', async () => {
    serveCalendar([]);
    await renderApp('/inspections');
    expect(
      await screen.findByText(/Nothing overdue and nothing due in 2026-11/),
    ).toBeInTheDocument();
  });

  it("lets staff record an inspection rated on the NBI scale of the bridge's programme", async () => {
    const user = userEvent.setup();
    serveCalendar([], true);
    let posted: unknown;
    server.use(
      http.post(apiUrl('/api/v1/bridges/:id/inspections'), async ({ request, params }) => {
        posted = { bridge: Number(params.id), body: await request.json() };
        return HttpResponse.json(
          {
            id: 1,
            bridge: Number(params.id),
            inspected_on: '2026-11-02',
            kind: 'routine',
            inspector: 'A. Tremblay',
            rating: { scale: 'NBI', deck: 7, superstructure: 6, substructure: 5, bci: null },
            findings: null,
            attachments: ['report.pdf'],
            photos: [],
            next_due: '2028-11-02',
          },
          { status: 201 },
        );
      }),
    );
    await renderApp('/inspections');
    await user.click(await screen.findByRole('button', { name: 'Record inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record inspection' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Choose a bridge')).toBeInTheDocument();
    expect(posted).toBeUndefined();

    await user.selectOptions(within(dialog).getByLabelText('Bridge'), lionsGate.name);
    expect(await within(dialog).findByText(/23 CFR 650.311/)).toBeInTheDocument();
    const date = within(dialog).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2026-11-02');
    await user.type(within(dialog).getByLabelText('Inspector'), 'A. Tremblay');
    await user.type(within(dialog).getByLabelText('Deck rating (0-9)'), '7');
    await user.type(within(dialog).getByLabelText('Superstructure rating (0-9)'), '6');
    await user.type(within(dialog).getByLabelText('Substructure rating (0-9)'), '5');
    await user.type(within(dialog).getByLabelText(/Attachments/), 'report.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(posted).toEqual({
        bridge: lionsGate.id,
        body: {
          inspected_on: '2026-11-02',
          kind: 'routine',
          inspector: 'A. Tremblay',
          rating: { scale: 'NBI', deck: 7, superstructure: 6, substructure: 5 },
          findings: null,
          attachments: ['report.pdf'],
          // The draft's key, so that sending it again records it once (decision 053).
          client_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
        },
      }),
    );
    expect(await screen.findByText('Inspection of Lions Gate Bridge recorded')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    // Typing a whole form on a shared, loaded machine outlasts the default 5 s.
  }, 30_000);

  it("shows the server's refusal, naming the field, and keeps the form open", async () => {
    const user = userEvent.setup();
    serveCalendar([], true);
    server.use(
      http.post(apiUrl('/api/v1/bridges/:id/inspections'), () =>
        HttpResponse.json({ detail: 'inspected_on: must not be in the future' }, { status: 400 }),
      ),
    );
    await renderApp('/inspections');
    await user.click(await screen.findByRole('button', { name: 'Record inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record inspection' });
    await user.selectOptions(within(dialog).getByLabelText('Bridge'), confederation.name);
    await user.type(within(dialog).getByLabelText('Inspector'), 'S. Singh');
    for (const part of ['Deck', 'Superstructure', 'Substructure']) {
      await user.type(within(dialog).getByLabelText(`${part} rating (0-9)`), '6');
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'inspected_on: must not be in the future',
    );
  });
});

describe('inspection facts on the dashboard', () => {
  it('shows the last inspection, its rating and the next due date beside the condition', async () => {
    serveDashboard(server, {
      inspections: {
        inspections: [
          {
            id: 9,
            bridge: confederation.id,
            inspected_on: '2025-12-14',
            kind: 'routine',
            inspector: 'A. Tremblay',
            rating: { scale: 'NBI', deck: 7, superstructure: 6, substructure: 5, bci: null },
            findings: null,
            attachments: [],
            photos: [],
            next_due: '2026-12-14',
          },
        ],
        schedule: [due({})],
      },
    });
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const index = await screen.findByRole('region', { name: 'Bridge Condition Index' });
    await waitFor(() =>
      expect(within(index).getByText(/Deck 7 · Superstructure 6 · Substructure 5/)).toBeVisible(),
    );
    expect(within(index).getByRole('link', { name: /Routine, due soon/ })).toHaveAttribute(
      'href',
      '/inspections',
    );
  });
});
