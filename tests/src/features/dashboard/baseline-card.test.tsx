import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { aUser } from '../../../helpers/web-fixtures';
import { REASON_REQUIRED } from '../../../../src/features/dashboard/reject-baseline-dialog';
import { confederation, serveDashboard } from './fixtures';

type Version = components['schemas']['BaselineVersion'];

/** Dates as the reader's locale and zone write them, like every other date on the dashboard. */
const on = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

const server = setupMswServer();
configure({ asyncUtilTimeout: 8000 });

beforeEach(() => {
  // jsdom has no object URLs; the prediction image needs them.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
});

const aVersion = (overrides: Partial<Version>): Version => ({
  bridge: confederation.id,
  version: 1,
  status: 'active',
  trained_from: '2026-04-01T00:00:00.000Z',
  trained_to: '2026-05-01T00:00:00.000Z',
  windows_used: 4320,
  windows_excluded: 0,
  temperature_min_c: 4.25,
  temperature_max_c: 21,
  modes: [
    {
      feature: 'cb-s1-acc.f1',
      mean_hz: 2.91,
      uncertainty_hz: 0.0012,
      shift_hz: null,
      shift_uncertainty_hz: null,
      en: null,
    },
  ],
  created_at: '2026-05-01T01:00:00.000Z',
  accepted_at: '2026-05-01T01:00:00.000Z',
  accepted_by: null,
  reason: 'Commissioning: the bridge’s first baseline',
  rejected_at: null,
  rejected_by: null,
  rejection_reason: null,
  ...overrides,
});

const proposal = aVersion({
  version: 2,
  status: 'proposed',
  trained_to: '2026-06-01T00:00:00.000Z',
  windows_excluded: 1200,
  temperature_max_c: 27.5,
  modes: [
    {
      feature: 'cb-s1-acc.f1',
      mean_hz: 2.77,
      uncertainty_hz: 0.0015,
      shift_hz: -0.1455,
      shift_uncertainty_hz: 0.0015,
      en: 37.8,
    },
  ],
  accepted_at: null,
  reason: 'A structural alert has been open since version 1 was accepted',
});

const rejectedProposal = aVersion({
  ...proposal,
  status: 'rejected',
  rejected_at: '2026-06-03T08:00:00.000Z',
  rejected_by: 7,
  rejection_reason: 'Learnt during the deck works',
});

describe('Baseline card', () => {
  it('shows the reference’s dates and temperatures, and a proposal with what differs', async () => {
    serveDashboard(server, { baselines: [proposal, aVersion({})] });
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const card = await screen.findByRole('region', { name: 'Baseline' });
    expect(card).toHaveTextContent(
      `Version 1 is the reference. Learnt from ${on('2026-04-01T00:00:00.000Z')} to ${on('2026-05-01T00:00:00.000Z')} (4320 windows, 0 left out), temperatures 4.3 °C to 21.0 °C, accepted automatically on ${on('2026-05-01T01:00:00.000Z')}.`,
    );
    const proposed = within(card).getByRole('region', { name: 'Proposed version 2' });
    expect(proposed).toHaveTextContent(
      'Version 2 is proposed: A structural alert has been open since version 1 was accepted.',
    );
    expect(proposed).toHaveTextContent(
      'cb-s1-acc.f1: 2.7700 ± 0.0015 Hz, -0.1455 Hz against the active (E_n 37.80, lower by 4.99 %, beyond the uncertainty — held for an engineer)',
    );
    // An operator reads it; only staff or the company's administrator accept.
    expect(within(card).queryByRole('button', { name: 'Accept version 2' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Reject version 2' })).toBeNull();
  }, 30_000);

  // Decision 067, amended 2026-12-01: a rise beyond the uncertainty but within 1/8 of the amber
  // level is accepted by the rule; the card wrote "differs" beside it, an alarm for nothing.
  it('says a small rise is within the allowance and accepted, and a large one is held', async () => {
    const mode = (feature: string, shift: number, en: number) => ({
      feature,
      mean_hz: 2.91 + shift,
      uncertainty_hz: 0.0012,
      shift_hz: shift,
      shift_uncertainty_hz: 0.0012,
      en,
    });
    const held = aVersion({
      ...proposal,
      modes: [mode('cb-s1-acc.f1', 0.0038, 1.6), mode('cb-s1-acc.f2', 0.0146, 6.1)],
      reason: 'A structural alert has been open since version 1 was accepted',
    });
    serveDashboard(server, { baselines: [held, aVersion({})] });
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const proposed = await screen.findByRole('region', { name: 'Proposed version 2' });
    await waitFor(() =>
      expect(proposed).toHaveTextContent(
        'cb-s1-acc.f1: 2.9138 ± 0.0012 Hz, +0.0038 Hz against the active (E_n 1.60, higher by 0.13 %, within the 0.25 % allowance — accepted)',
      ),
    );
    expect(proposed).toHaveTextContent(
      'cb-s1-acc.f2: 2.9246 ± 0.0012 Hz, +0.0146 Hz against the active (E_n 6.10, higher by 0.50 %, beyond the 0.25 % allowance — held for an engineer)',
    );
    expect(proposed).not.toHaveTextContent('differs');
  }, 30_000);

  // Decision 073, amended 2026-12-01 morning: a drift since the confirmed version is not held
  // but said in the accepted version's reason, which the card showed nowhere.
  it('shows why the reference was accepted, with a drift since the confirmed version', async () => {
    const drifted = aVersion({
      version: 4,
      reason:
        'Agrees with version 3 within the uncertainty (E_n ≤ 1 for every mode) and no structural alert since it was accepted. Noted, not held: against version 1, the reference last confirmed, acc.f1 +0.0093 Hz (0.31 %, E_n 1.40), beyond the uncertainty cumulatively since version 1; a reference learnt over part of a year differs from later seasons by as much on healthy bridges (decision 073)',
    });
    serveDashboard(server, { baselines: [drifted] });
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const card = await screen.findByRole('region', { name: 'Baseline' });
    expect(card).toHaveTextContent(
      'Why: Agrees with version 3 within the uncertainty (E_n ≤ 1 for every mode) and no structural alert since it was accepted. Noted, not held: against version 1, the reference last confirmed, acc.f1 +0.0093 Hz (0.31 %, E_n 1.40), beyond the uncertainty cumulatively since version 1; a reference learnt over part of a year differs from later seasons by as much on healthy bridges (decision 073).',
    );
  }, 30_000);

  it('lets staff accept the proposal, and shows it as the reference', async () => {
    let accepted = false;
    serveDashboard(server);
    server.use(
      http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(aUser({ is_staff: true }))),
      http.get(apiUrl('/api/v1/bridges/:id/baselines'), () =>
        HttpResponse.json(
          accepted
            ? [
                {
                  ...proposal,
                  status: 'active',
                  accepted_at: '2026-06-02T00:00:00.000Z',
                  accepted_by: 7,
                },
                aVersion({ status: 'superseded' }),
              ]
            : [proposal, aVersion({})],
        ),
      ),
      http.post(apiUrl('/api/v1/bridges/:id/baselines/:version/accept'), ({ params }) => {
        accepted = params.version === '2';
        return HttpResponse.json({ ...proposal, status: 'active', accepted_by: 7 });
      }),
    );
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const card = await screen.findByRole('region', { name: 'Baseline' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Accept version 2' }));
    await waitFor(() =>
      expect(card).toHaveTextContent(
        `Version 2 is the reference. Learnt from ${on('2026-04-01T00:00:00.000Z')} to ${on('2026-06-01T00:00:00.000Z')} (4320 windows, 1200 left out), temperatures 4.3 °C to 27.5 °C, accepted by an engineer on ${on('2026-06-02T00:00:00.000Z')}.`,
      ),
    );
    expect(within(card).queryByRole('region', { name: 'Proposed version 2' })).toBeNull();
  }, 30_000);

  it('lets staff reject the proposal with a reason, and lists it rejected with the reason', async () => {
    const sent: unknown[] = [];
    serveDashboard(server);
    server.use(
      http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(aUser({ is_staff: true }))),
      http.get(apiUrl('/api/v1/bridges/:id/baselines'), () =>
        HttpResponse.json(
          sent.length > 0 ? [rejectedProposal, aVersion({})] : [proposal, aVersion({})],
        ),
      ),
      http.post(
        apiUrl('/api/v1/bridges/:id/baselines/:version/reject'),
        async ({ params, request }) => {
          sent.push({ version: params.version, body: await request.json() });
          return HttpResponse.json(rejectedProposal);
        },
      ),
    );
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const card = await screen.findByRole('region', { name: 'Baseline' });
    const opener = await within(card).findByRole('button', { name: 'Reject version 2' });

    // Escape closes the dialog without sending anything, and focus returns to the button.
    await userEvent.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Reject version 2' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();

    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Reject version 2' });
    const reason = within(dialog).getByLabelText('Reason (required)');
    await userEvent.type(reason, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject version 2' }));
    expect(reason).toHaveAccessibleDescription(REASON_REQUIRED);
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await userEvent.type(reason, 'Learnt during the deck works  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject version 2' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Version 2 is rejected');
    expect(sent).toEqual([{ version: '2', body: { reason: 'Learnt during the deck works' } }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    const rejected = await within(card).findByRole('list', { name: 'Rejected versions' });
    expect(rejected).toHaveTextContent(
      `Version 2 was rejected on ${on('2026-06-03T08:00:00.000Z')}: Learnt during the deck works`,
    );
    expect(within(card).queryByRole('region', { name: 'Proposed version 2' })).toBeNull();
    expect(card).toHaveTextContent('Version 1 is the reference.');
  }, 30_000);

  it('shows the server’s refusal of a rejection as an error toast, and keeps the dialog open', async () => {
    serveDashboard(server, { baselines: [proposal, aVersion({})] });
    server.use(
      http.get(apiUrl('/api/v1/user/me'), () =>
        HttpResponse.json(aUser({ is_company_admin: true })),
      ),
      http.post(apiUrl('/api/v1/bridges/:id/baselines/:version/reject'), () =>
        HttpResponse.json(
          { detail: 'version: 2 is superseded, only a proposed version can be rejected' },
          { status: 409 },
        ),
      ),
    );
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const card = await screen.findByRole('region', { name: 'Baseline' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Reject version 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject version 2' });
    await userEvent.type(within(dialog).getByLabelText('Reason (required)'), 'Cold snap');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject version 2' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'version: 2 is superseded, only a proposed version can be rejected',
    );
    expect(screen.getByRole('dialog', { name: 'Reject version 2' })).toBeInTheDocument();
  }, 30_000);

  it('shows no card before the first training', async () => {
    serveDashboard(server);
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    await screen.findByRole('heading', { name: 'Evidence' });
    expect(screen.queryByRole('region', { name: 'Baseline' })).toBeNull();
  }, 30_000);
});
