import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { aUser } from '../../../helpers/web-fixtures';
import { openCompanyDialog, PRAIRIE, prairieAdmin, signInToUserManagement } from './company-dialog';

type CompanySettings = components['schemas']['CompanySettings'];

const server = setupMswServer();

const stored = (companyId: number, name: string): CompanySettings => ({
  company_id: companyId,
  name,
  address: null,
  time_zone: null,
  units: 'metric',
  default_amber_percent: null,
  default_red_percent: null,
  has_logo: false,
});

/** The server's side: keeps what is saved for each company, or answers `put` instead. */
function serveSettings(put?: () => Response) {
  const puts: { id: string; body: unknown }[] = [];
  const logos: { id: string; method: string; bytes: number }[] = [];
  const current = new Map<string, CompanySettings>([
    ['2', stored(2, PRAIRIE.company)],
    ['1', stored(1, 'Northern Spans Ltd')],
  ]);
  server.use(
    http.get(apiUrl('/api/v1/companies/:id/settings'), ({ params }) =>
      HttpResponse.json(current.get(String(params.id))),
    ),
    http.put(apiUrl('/api/v1/companies/:id/settings'), async ({ params, request }) => {
      const id = String(params.id);
      const body = (await request.json()) as Partial<CompanySettings>;
      puts.push({ id, body });
      if (put) return put();
      const saved = { ...stored(Number(id), ''), ...current.get(id), ...body };
      current.set(id, saved);
      return HttpResponse.json(saved);
    }),
    http.put(apiUrl('/api/v1/companies/:id/logo'), async ({ params, request }) => {
      const bytes = (await request.arrayBuffer()).byteLength;
      logos.push({ id: String(params.id), method: 'PUT', bytes });
      if (bytes === 3) {
        return HttpResponse.json(
          { detail: 'body: not a PNG or JPEG image (read from its first bytes)' },
          { status: 415 },
        );
      }
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete(apiUrl('/api/v1/companies/:id/logo'), ({ params }) => {
      logos.push({ id: String(params.id), method: 'DELETE', bytes: 0 });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { puts, logos };
}

const companies = http.get(apiUrl('/api/v1/companies'), () =>
  HttpResponse.json([
    { id: 1, name: 'Northern Spans Ltd' },
    { id: 2, name: PRAIRIE.company },
  ]),
);

const openDialog = () =>
  openCompanyDialog('Company profile', (dialog) => within(dialog).findByLabelText('Company name'));

describe('Company profile (User Management)', () => {
  it("lets a company administrator change its own company's settings from the keyboard", async () => {
    signInToUserManagement(server, prairieAdmin, { extra: [companies] });
    const { puts } = serveSettings();
    const { user, dialog } = await openDialog();

    expect(within(dialog).getByText(`Company: ${PRAIRIE.company}`)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Company name')).toHaveValue(PRAIRIE.company);
    await user.type(within(dialog).getByLabelText('Address'), '12 Portage Avenue, Winnipeg');
    await user.selectOptions(
      within(dialog).getByLabelText('Time zone of reports'),
      'America/Winnipeg',
    );
    await user.selectOptions(within(dialog).getByLabelText('Units'), 'imperial');
    await user.type(within(dialog).getByLabelText('Amber level for new bridges (%)'), '-1,5');
    await user.type(within(dialog).getByLabelText('Red level for new bridges (%)'), '-4');
    within(dialog).getByRole('button', { name: 'Save' }).focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Company profile saved')).toBeInTheDocument();
    expect(puts).toEqual([
      {
        id: '2',
        body: {
          name: PRAIRIE.company,
          address: '12 Portage Avenue, Winnipeg',
          time_zone: 'America/Winnipeg',
          units: 'imperial',
          default_amber_percent: -1.5,
          default_red_percent: -4,
        },
      },
    ]);
  });

  it("says beside the field what is not a number, and the server's refusal", async () => {
    signInToUserManagement(server, prairieAdmin, { extra: [companies] });
    const { puts } = serveSettings(() =>
      HttpResponse.json(
        { detail: "name: another company is already called 'Northern Spans Ltd'" },
        { status: 409 },
      ),
    );
    const { user, dialog } = await openDialog();

    const amber = within(dialog).getByLabelText('Amber level for new bridges (%)');
    await user.type(amber, 'two');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(amber).toHaveAccessibleDescription(/Enter a percent such as -2/));
    expect(puts).toEqual([]);

    await user.clear(amber);
    const name = within(dialog).getByLabelText('Company name');
    await user.clear(name);
    await user.type(name, 'Northern Spans Ltd');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(
        "Another company is already called 'Northern Spans Ltd'",
      ),
    );
  });

  it('lets platform staff choose the company, and sends a logo as soon as it is chosen', async () => {
    const staff = aUser({ is_staff: true, ...PRAIRIE });
    signInToUserManagement(server, staff, { extra: [companies] });
    const { logos } = serveSettings();
    const { user, dialog } = await openDialog();

    await user.selectOptions(within(dialog).getByLabelText('Company'), '1');
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Company name')).toHaveValue('Northern Spans Ltd'),
    );
    const field = within(dialog).getByLabelText('Report logo (PNG or JPEG, at most 256 KB)');
    await user.upload(field, new File([new Uint8Array(3)], 'logo.gif', { type: 'image/png' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'Not a PNG or JPEG image (read from its first bytes)',
      ),
    );
    await user.upload(
      field,
      new File([new Uint8Array(300 * 1024)], 'huge.png', { type: 'image/png' }),
    );
    expect(field).toHaveAccessibleDescription(
      'The file is larger than 256 KB; choose a smaller image',
    );

    await user.upload(field, new File([new Uint8Array(40)], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('Report logo saved')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('Report logo removed')).toBeInTheDocument();
    expect(logos).toEqual([
      { id: '1', method: 'PUT', bytes: 3 },
      { id: '1', method: 'PUT', bytes: 40 },
      { id: '1', method: 'DELETE', bytes: 0 },
    ]);
  });
});
