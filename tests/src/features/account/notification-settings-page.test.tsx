import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { aUser, storeTokens } from '../../../helpers/web-fixtures';

type Settings = components['schemas']['NotificationSettings'];

const server = setupMswServer();
const SETTINGS = apiUrl('/api/v1/me/notification-settings');

const initial: Settings = {
  email: true,
  sms: true,
  in_app: true,
  quiet_hours: null,
  phone: null,
  phone_verified: false,
  pending_phone: null,
  sms_available: true,
};

/** The server's side: keeps what is saved, texts the code 123456, counts wrong ones. */
function serveSettings(answers: { put?: () => Response } = {}) {
  const puts: unknown[] = [];
  let current: Settings = initial;
  server.use(
    http.get(SETTINGS, () => HttpResponse.json(current)),
    http.put(SETTINGS, async ({ request }) => {
      const body = (await request.json()) as Omit<Settings, 'phone' | 'phone_verified'>;
      puts.push(body);
      if (answers.put) return answers.put();
      current = { ...current, ...body };
      return HttpResponse.json(current);
    }),
    http.post(`${SETTINGS}/phone/verify-request`, async ({ request }) => {
      const { phone } = (await request.json()) as { phone: string };
      const pending = { phone: phone.replace(/[\s()-]/g, ''), expires_at: '2026-11-29T12:10:00Z' };
      current = { ...current, pending_phone: pending };
      return HttpResponse.json(pending, { status: 202 });
    }),
    http.post(`${SETTINGS}/phone/verify`, async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      if (code !== '123456') {
        return HttpResponse.json({ detail: 'code: wrong code; 4 tries left' }, { status: 400 });
      }
      current = {
        ...current,
        phone: current.pending_phone?.phone ?? null,
        phone_verified: true,
        pending_phone: null,
      };
      return HttpResponse.json(current);
    }),
  );
  return puts;
}

beforeEach(() => {
  storeTokens();
  server.use(
    http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(aUser())),
    http.get(apiUrl('/api/v1/notifications/unread-count'), () => HttpResponse.json({ unread: 0 })),
    ...['bridges', 'spans', 'sensors', 'datastreams', 'users'].map((list) =>
      http.get(apiUrl(`/api/v1/${list}`), () => HttpResponse.json([])),
    ),
  );
});

/** The screen, once the user's settings have come. */
async function heading() {
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Notification settings' },
    { timeout: 5000 },
  );
  await screen.findByRole('button', { name: 'Save' });
}

describe('Settings → Notifications', () => {
  it('is reached from the Settings dialog', async () => {
    serveSettings();
    const user = userEvent.setup();
    await renderApp('/bridges');
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    await user.click(within(dialog).getByRole('link', { name: 'Notification settings' }));
    await heading();
    expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Email/ })).toBeChecked();
  });

  it('saves channels and quiet hours from the keyboard, checking the times first', async () => {
    const puts = serveSettings();
    const user = userEvent.setup();
    await renderApp('/settings/notifications');
    await heading();

    const email = screen.getByRole('checkbox', { name: /^Email/ });
    email.focus();
    await user.keyboard(' ');
    expect(email).not.toBeChecked();
    expect(screen.getByText('No phone number yet.')).toBeInTheDocument();
    expect(
      screen.getByText('Critical and High alerts, once your phone number below is verified.'),
    ).toBeInTheDocument();

    const quiet = screen.getByRole('checkbox', {
      name: /^Hold email and texts during quiet hours/,
    });
    expect(
      screen.getByText(
        'Alerts below Critical wait and are sent when quiet hours end. Critical alerts always come at once.',
      ),
    ).toBeInTheDocument();
    quiet.focus();
    await user.keyboard(' ');
    const from = screen.getByLabelText('From');
    const until = screen.getByLabelText('Until');
    expect(from).toHaveValue('22:00');
    expect(until).toHaveValue('07:00');

    // The same time twice is refused before anything is sent, under the field at fault.
    await user.clear(until);
    await user.type(until, '22:00');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Europe/Lisbon');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(until).toHaveAccessibleDescription('Must differ from the start');
    expect(until).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toHaveLength(0);

    await user.clear(until);
    await user.type(until, '06:30{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Notification settings saved.');
    expect(puts).toEqual([
      {
        email: false,
        sms: true,
        in_app: true,
        quiet_hours: { start: '22:00', end: '06:30', time_zone: 'Europe/Lisbon' },
      },
    ]);
  });

  it("shows the server's refusal under the field it names", async () => {
    serveSettings({
      put: () =>
        HttpResponse.json(
          { detail: 'quiet_hours.time_zone: must be an IANA time zone name, e.g. Europe/Lisbon' },
          { status: 400 },
        ),
    });
    const user = userEvent.setup();
    await renderApp('/settings/notifications');
    await heading();
    await user.click(screen.getByRole('checkbox', { name: /^Hold email and texts/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Must be an IANA time zone name, e.g. Europe/Lisbon'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Time zone')).toHaveAttribute('aria-invalid', 'true');
  });

  it('verifies a phone with the texted code; a wrong code says how many tries are left', async () => {
    serveSettings();
    const user = userEvent.setup();
    await renderApp('/settings/notifications');
    await heading();

    const phone = screen.getByLabelText('Mobile number');
    await user.type(phone, '5550123');
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(phone).toHaveAccessibleDescription(
      'Enter an international number: + and the country code, e.g. +15195550123',
    );

    await user.clear(phone);
    await user.type(phone, '+1 519 555 0123{Enter}');
    const code = await screen.findByLabelText('Code texted to +15195550123');
    await user.type(code, '12 34');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAccessibleDescription('Enter the 6 digits we texted you');

    await user.clear(code);
    await user.type(code, '654321{Enter}');
    expect(await screen.findByText('Wrong code; 4 tries left')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123456{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(
      '+15195550123 is verified: alerts will be texted to it.',
    );
    expect(await screen.findByText('Texts go to +15195550123 (verified).')).toBeInTheDocument();
    expect(screen.getByText('Critical and High alerts, to +15195550123.')).toBeInTheDocument();
  });
});
