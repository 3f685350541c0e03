import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { aUser } from '../../../helpers/web-fixtures';
import { descriptionOf, openCompanyDialog, signInToUserManagement } from './company-dialog';

type CompanySso = components['schemas']['CompanySso'];

const server = setupMswServer();

const admin = aUser({ is_company_admin: true, company: 'Prairie Crossings Ltd.', company_id: 2 });
const stored: CompanySso = {
  company_id: 2,
  enabled: true,
  issuer: 'https://login.prairie.example',
  client_id: 'spanwatch',
  client_secret_set: true,
  email_domains: ['prairie.example', 'old.prairie.example'],
  domains: [
    {
      domain: 'old.prairie.example',
      verified_at: null,
      verified_method: null,
      challenge_name: '_spanwatch-challenge.old.prairie.example',
      challenge_value: 'spanwatch-domain-verification=tok-old',
      rechecked_at: null,
      recheck_failures: 0,
    },
    {
      domain: 'prairie.example',
      verified_at: '2026-11-20T15:00:00Z',
      verified_method: 'dns',
      challenge_name: '_spanwatch-challenge.prairie.example',
      challenge_value: 'spanwatch-domain-verification=tok-main',
      rechecked_at: null,
      recheck_failures: 0,
    },
  ],
};

/** The server's side for one company: keeps what is saved, or answers `put` instead. */
function serveSso(companyId: number, answers: { put?: () => Response; get?: () => Response } = {}) {
  const puts: unknown[] = [];
  let current: CompanySso = { ...stored, company_id: companyId };
  const path = apiUrl(`/api/v1/companies/${String(companyId)}/sso`);
  server.use(
    http.get(path, () => answers.get?.() ?? HttpResponse.json(current)),
    http.put(path, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      puts.push(body);
      if (answers.put) return answers.put();
      const { client_secret: secret, ...rest } = body;
      current = { ...current, ...rest, client_secret_set: current.client_secret_set || !!secret };
      return HttpResponse.json(current);
    }),
  );
  return puts;
}

const signedInAs = (user = admin) =>
  signInToUserManagement(server, user, {
    people: [user, aUser({ id: 9, company: 'Northern Spans Ltd', company_id: 1 })],
  });

/** User Management, then its Single sign-on dialog once the settings have come. */
const openDialog = () =>
  openCompanyDialog('Single sign-on', (dialog) => within(dialog).findByLabelText('Issuer URL'));

beforeEach(() => signedInAs());

describe('Single sign-on settings (User Management)', () => {
  it("shows a company administrator its company's settings, never the secret", async () => {
    serveSso(2);
    const { dialog } = await openDialog();

    expect(within(dialog).getByText('Company: Prairie Crossings Ltd.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Company')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Issuer URL')).toHaveValue(
      'https://login.prairie.example',
    );
    expect(within(dialog).getByLabelText('Client ID')).toHaveValue('spanwatch');
    expect(within(dialog).getByLabelText('Client secret')).toHaveValue('');
    expect(within(dialog).getByText(/^A secret is stored\./)).toBeInTheDocument();
    const domains = within(dialog).getByRole('list', { name: 'Email domains' });
    expect(
      within(domains)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['prairie.example', 'old.prairie.example']);
    expect(within(dialog).getByRole('checkbox', { name: /^Single sign-on is on/ })).toBeChecked();
    expect(within(dialog).getByLabelText('Redirect URI')).toHaveValue(
      `${window.location.origin}/api/v1/auth/sso/callback`,
    );
    expect(within(dialog).getByLabelText('Redirect URI')).toHaveAttribute('readonly');
  });

  it('saves from the keyboard, leaving the stored secret out when the field is empty', async () => {
    const puts = serveSso(2);
    const { user, dialog } = await openDialog();

    const clientId = within(dialog).getByLabelText('Client ID');
    await user.clear(clientId);
    await user.type(clientId, 'spanwatch-prod');
    // Enter in the domain's field adds it; it does not save the form.
    await user.type(
      within(dialog).getByLabelText('Add an email domain'),
      ' @Fields.Prairie.Example{Enter}',
    );
    expect(puts).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Add an email domain'), 'prairie.example{Enter}');
    expect(within(dialog).getByLabelText('Add an email domain')).toHaveAccessibleDescription(
      'prairie.example is listed already',
    );
    within(dialog).getByRole('button', { name: 'Remove old.prairie.example' }).focus();
    await user.keyboard('{Enter}');
    within(dialog).getByRole('button', { name: 'Save' }).focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Single sign-on settings saved')).toBeInTheDocument();
    expect(puts).toEqual([
      {
        enabled: true,
        issuer: 'https://login.prairie.example',
        client_id: 'spanwatch-prod',
        email_domains: ['prairie.example', 'fields.prairie.example'],
      },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Single sign-on' })).not.toBeInTheDocument();
  });

  it('sends a typed secret, needed to enable single sign-on the first time', async () => {
    const puts = serveSso(2);
    server.use(
      http.get(apiUrl('/api/v1/companies/2/sso'), () =>
        HttpResponse.json({ ...stored, enabled: false, client_secret_set: false }),
      ),
    );
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText('No secret is stored yet.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Client secret'), 's3cret-value');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Single sign-on is on/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Single sign-on settings saved')).toBeInTheDocument();
    expect(puts).toEqual([
      expect.objectContaining({ enabled: true, client_secret: 's3cret-value' }),
    ]);
  });

  it("shows the server's refusal under the field it names, and keeps the dialog open", async () => {
    let detail = 'issuer: must be an https URL without a query or fragment';
    const puts = serveSso(2, {
      put: () => HttpResponse.json({ detail }, { status: 400 }),
    });
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const issuer = within(dialog).getByLabelText('Issuer URL');
    await waitFor(() =>
      expect(issuer).toHaveAccessibleDescription(
        'Must be an https URL without a query or fragment',
      ),
    );
    expect(issuer).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Client ID')).not.toHaveAttribute('aria-invalid');

    detail = 'email_domains: acme.ca signs in to another company';
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const domain = within(dialog).getByLabelText('Add an email domain');
    await waitFor(() => expect(descriptionOf(domain)).toBe('Acme.ca signs in to another company'));
    expect(issuer).not.toHaveAttribute('aria-invalid');
    expect(puts).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Single sign-on' })).toBeInTheDocument();
  });

  it('says when the settings cannot be loaded, and offers no Save', async () => {
    serveSso(2, {
      get: () => HttpResponse.json({ detail: 'Company 2 not found' }, { status: 404 }),
    });
    const user = userEvent.setup();
    await renderApp('/users');
    await user.click(
      await screen.findByRole('button', { name: 'Single sign-on' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Single sign-on' }, { timeout: 5000 });

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Company 2 not found');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(dialog).queryByLabelText('Issuer URL')).not.toBeInTheDocument();
  });

  it('lets platform staff choose the company', async () => {
    signedInAs(aUser({ is_staff: true, company: 'Prairie Crossings Ltd.', company_id: 2 }));
    serveSso(2);
    const puts = serveSso(1);
    server.use(
      http.get(apiUrl('/api/v1/companies/1/sso'), () =>
        HttpResponse.json({ ...stored, company_id: 1, issuer: 'https://sso.northern.example' }),
      ),
      // Every company, one of them with no user yet.
      http.get(apiUrl('/api/v1/companies'), () =>
        HttpResponse.json([
          { id: 3, name: 'Coastal Bridges' },
          { id: 1, name: 'Northern Spans Ltd' },
          { id: 2, name: 'Prairie Crossings Ltd.' },
        ]),
      ),
    );
    const { user, dialog } = await openDialog();
    const chooser = within(dialog).getByLabelText('Company');
    await waitFor(() =>
      expect(
        within(chooser)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Coastal Bridges', 'Northern Spans Ltd', 'Prairie Crossings Ltd.']),
    );

    await user.selectOptions(within(dialog).getByLabelText('Company'), 'Northern Spans Ltd');
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Issuer URL')).toHaveValue(
        'https://sso.northern.example',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Single sign-on settings saved');
    expect(puts).toEqual([expect.objectContaining({ issuer: 'https://sso.northern.example' })]);
  });

  it('is out of reach of an operator: /users sends them to the map', async () => {
    signedInAs(aUser({ is_staff: false, is_company_admin: false }));
    const { router } = await renderApp('/users');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bridge Locations' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/map');
    expect(screen.queryByRole('button', { name: 'Single sign-on' })).not.toBeInTheDocument();
  });

  describe('proving the domains (decision 071)', () => {
    /** The verify route: a refusal for the first `refusals` calls, then the domain verified. */
    function serveVerify(refusals: { status: number; detail: string }[]) {
      const asked: string[] = [];
      server.use(
        http.post(apiUrl('/api/v1/companies/2/sso/domains/:domain/verify'), ({ params }) => {
          const domain = String(params.domain);
          asked.push(domain);
          const refusal = refusals.shift();
          if (refusal)
            return HttpResponse.json({ detail: refusal.detail }, { status: refusal.status });
          return HttpResponse.json({
            ...stored,
            domains: stored.domains.map((claim) =>
              claim.domain === domain
                ? { ...claim, verified_at: '2026-11-30T16:00:00Z', verified_method: 'dns' }
                : claim,
            ),
          });
        }),
      );
      return asked;
    }

    it('warns when a proven domain’s TXT record was not found again, and says when one was withdrawn', async () => {
      const [unproven, proven] = stored.domains;
      if (!unproven || !proven) throw new Error('fixture');
      serveSso(2, {
        get: () =>
          HttpResponse.json({
            ...stored,
            domains: [
              { ...unproven, rechecked_at: '2026-11-29T10:00:00Z', recheck_failures: 3 },
              { ...proven, rechecked_at: '2026-11-29T10:00:00Z', recheck_failures: 2 },
            ],
          }),
      });
      const { dialog } = await openDialog();
      const proofs = within(dialog).getByRole('list', { name: 'Domain proofs' });
      const [withdrawn, failing] = within(proofs).getAllByRole('listitem');
      expect(failing).toHaveTextContent(
        'Its TXT record was not found at the last 2 re-checks (we look daily): put spanwatch-domain-verification=tok-main back at _spanwatch-challenge.prairie.example, or the domain stops signing people in after 3 re-checks without it.',
      );
      expect(withdrawn).toHaveTextContent(
        'Withdrawn: its TXT record was not found at 3 re-checks in a row, so the domain signs nobody in.',
      );
      expect(
        within(withdrawn as HTMLElement).getByRole('button', {
          name: 'Verify old.prairie.example',
        }),
      ).toBeInTheDocument();
    });

    it('shows each domain verified, or the TXT record to add, with Copy buttons', async () => {
      serveSso(2);
      const { dialog } = await openDialog();
      const proofs = within(dialog).getByRole('list', { name: 'Domain proofs' });
      const [unproven, proven] = within(proofs).getAllByRole('listitem');
      expect(proven).toHaveTextContent(/prairie\.exampleVerified .*2026.*\(by its TXT record\)/);
      expect(within(proven as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
      expect(unproven).toHaveTextContent(
        'Not verified: add a TXT record at _spanwatch-challenge.old.prairie.example with the value spanwatch-domain-verification=tok-old',
      );
      expect(
        within(unproven as HTMLElement).getByRole('button', {
          name: "Copy the TXT record's value for old.prairie.example",
        }),
      ).toBeInTheDocument();
      expect(
        within(unproven as HTMLElement).getByRole('button', {
          name: "Copy the TXT record's name for old.prairie.example",
        }),
      ).toBeInTheDocument();
    });

    it('verifies from the keyboard, showing what the look-up found under the domain, then Verified', async () => {
      serveSso(2);
      const asked = serveVerify([
        {
          status: 422,
          detail: 'domain: no TXT record at _spanwatch-challenge.old.prairie.example',
        },
      ]);
      const { dialog } = await openDialog();
      const user = userEvent.setup();
      const button = within(dialog).getByRole('button', { name: 'Verify old.prairie.example' });
      button.focus();
      await user.keyboard('{Enter}');
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('No TXT record at _spanwatch-challenge.old.prairie.example');
      expect(button).toHaveAccessibleDescription(
        'No TXT record at _spanwatch-challenge.old.prairie.example',
      );
      await user.keyboard(' ');
      await waitFor(() =>
        expect(
          within(dialog).queryByRole('button', { name: 'Verify old.prairie.example' }),
        ).not.toBeInTheDocument(),
      );
      const proofs = within(dialog).getByRole('list', { name: 'Domain proofs' });
      expect(within(proofs).getAllByRole('listitem')[0]).toHaveTextContent(/Verified/);
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      expect(asked).toEqual(['old.prairie.example', 'old.prairie.example']);
    });
  });
});
