import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { aUser } from '../../../helpers/web-fixtures';
import { openCompanyDialog, signInToUserManagement } from './company-dialog';

type CompanyLimits = components['schemas']['CompanyLimits'];

const server = setupMswServer();

const staff = aUser({ is_staff: true, company: 'Prairie Crossings Ltd.', company_id: 2 });
const admin = aUser({ is_company_admin: true, company: 'Prairie Crossings Ltd.', company_id: 2 });
const stored: CompanyLimits = {
  company_id: 2,
  max_bridges: 5,
  max_datastreams: null,
  ingest_samples_per_minute: 600000,
  bridges: 3,
  datastreams: 1204,
};

/** The server's side for company 2: keeps what is saved, or answers `put` instead. */
function serveLimits(put?: () => Response) {
  const puts: unknown[] = [];
  let current = stored;
  const path = apiUrl('/api/v1/companies/2/limits');
  server.use(
    http.get(path, () => HttpResponse.json(current)),
    http.put(path, async ({ request }) => {
      const body = (await request.json()) as Partial<CompanyLimits>;
      puts.push(body);
      if (put) return put();
      current = { ...current, ...body };
      return HttpResponse.json(current);
    }),
  );
  return puts;
}

const signedInAs = (user: ReturnType<typeof aUser>) =>
  signInToUserManagement(server, user, {
    extra: [
      http.get(apiUrl('/api/v1/companies'), () =>
        HttpResponse.json([{ id: 2, name: 'Prairie Crossings Ltd.' }]),
      ),
    ],
  });

const openDialog = () =>
  openCompanyDialog('Company limits', (dialog) => within(dialog).findByText('3 of 5'));

describe('Company limits (User Management)', () => {
  beforeEach(() => serveLimits());

  it('shows a company administrator its limits beside what it uses, to read only', async () => {
    signedInAs(admin);
    const { dialog } = await openDialog();

    expect(within(dialog).getByText('Company: Prairie Crossings Ltd.')).toBeInTheDocument();
    expect(within(dialog).getByText('1,204, no limit')).toBeInTheDocument();
    expect(
      within(dialog).getByText("600,000 samples a minute through the company's gateways"),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Bridges')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).getByText(/^Platform staff set these limits/)).toBeInTheDocument();
  });

  it('lets platform staff change them from the keyboard, empty meaning no limit', async () => {
    signedInAs(staff);
    const puts = serveLimits();
    const { user, dialog } = await openDialog();

    const bridges = within(dialog).getByLabelText('Bridges');
    expect(bridges).toHaveValue('5');
    await user.clear(bridges);
    await user.type(bridges, '12');
    await user.type(within(dialog).getByLabelText('Data streams'), '2 000');
    await user.clear(within(dialog).getByLabelText('Ingest, samples a minute'));
    within(dialog).getByRole('button', { name: 'Save' }).focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Company limits saved')).toBeInTheDocument();
    expect(puts).toEqual([
      { max_bridges: 12, max_datastreams: 2000, ingest_samples_per_minute: null },
    ]);
  });

  it("says beside the field what is not a whole number, and the server's refusal", async () => {
    signedInAs(staff);
    const puts = serveLimits(() =>
      HttpResponse.json({ detail: 'max_bridges: must be <= 100000' }, { status: 400 }),
    );
    const { user, dialog } = await openDialog();

    const streams = within(dialog).getByLabelText('Data streams');
    await user.type(streams, 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(streams).toHaveAccessibleDescription(/Enter a whole number/));
    expect(puts).toEqual([]);

    await user.clear(streams);
    await user.clear(within(dialog).getByLabelText('Bridges'));
    await user.type(within(dialog).getByLabelText('Bridges'), '200000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Bridges')).toHaveAccessibleDescription(
        'Must be <= 100000',
      ),
    );
  });
});
