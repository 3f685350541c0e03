import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { type Account, DEMO_STAFF as STAFF, openSignedIn } from '../helpers/e2e-session';

// Issue 32, the bell: an alert raised for a bridge reaches, in the top bar, a user who may see
// that bridge. Each test has a user and a bridge of its own (a company of their own, so no demo
// alert adds to the count) and removes them after. The alert is the calibration check's: a
// sensor whose calibration is long overdue, found by the alert monitor's pass (every 60 s).
const MONITOR_TIMEOUT_MS = 150_000;

interface Created {
  id: number;
}

async function apiAs(request: APIRequestContext, account: Account) {
  const login = await request.post('/api/v1/auth/login', { data: account });
  const { access } = (await login.json()) as { access: string };
  const headers = { Authorization: `Bearer ${access}` };
  return {
    async post<T>(path: string, data: unknown): Promise<T> {
      const response = await request.post(path, { headers, data });
      expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
      return (await response.json()) as T;
    },
    async remove(path: string) {
      const response = await request.delete(path, { headers });
      expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
    },
  };
}

/**
 * A user of a new company and one new bridge of that company: assigned to them, or (`told`) not
 * assigned but routed to them by a contact group's rule for calibration alerts (decision 080).
 */
async function scene(request: APIRequestContext, label: string, reach: 'assigned' | 'told') {
  const staff = await apiAs(request, STAFF);
  const stamp = `${label}-${Date.now()}`;
  const account = { email: `bell-${stamp}@example.ca`, password: 'Bell-test-pass-1' };
  const user = await staff.post<Created & { company_id: number }>('/api/v1/auth/signup', {
    username: `bell-${stamp}`,
    ...account,
    company: `Bell Test ${stamp}`,
    address: '1 Test Street',
    companyUsername: 'bell',
    companyPassword: 'bell',
  });
  const name = `Bell Test Bridge ${label}`;
  const bridge = await staff.post<Created>('/api/v1/bridges/create', {
    company_id: user.company_id,
    name,
    location: 'Test river',
    construction_date: '2000-01-01',
    latitude: 45.1,
    longitude: -75.1,
  });
  if (reach === 'assigned') {
    await staff.post(`/api/v1/users/${user.id}/assign`, { bridge_ids: [bridge.id] });
  } else {
    const companyPath = `/api/v1/companies/${user.company_id}`;
    const group = await staff.post<Created>(`${companyPath}/contact-groups`, {
      name: 'Calibration on call',
      members: [user.id],
    });
    await staff.post(`${companyPath}/notification-rules`, {
      bridge_id: bridge.id,
      alert_types: ['Calibration due'],
      min_severity: 'Low',
      group_id: group.id,
      channels: ['email'],
    });
  }
  // Other specs count the demo's bridges: this one goes, with its span, sensor and alert.
  const cleanUp = async () => {
    await staff.remove(`/api/v1/bridges/${bridge.id}/delete?cascade=true`);
    await staff.remove(`/api/v1/users/${user.id}/delete`);
  };
  /** Adds a sensor whose calibration was due years ago: the next monitor pass raises it. */
  const raiseCalibrationAlert = async () => {
    const span = await staff.post<Created>('/api/v1/spans/create', {
      bridge: bridge.id,
      span_id: 'main',
      length: 40,
    });
    await staff.post('/api/v1/sensors/create', {
      bridge: bridge.id,
      span: span.id,
      sensor_id: `bell-${stamp}-acc`,
      type: 'accelerometer',
      status: 'active',
      installation_date: '2020-01-01',
      last_calibration_date: '2020-01-01',
      next_calibration_date: '2021-01-01',
    });
  };
  return { account, bridge: { ...bridge, name }, cleanUp, raiseCalibrationAlert };
}

async function expectBellFlow(page: Page, label: string) {
  const { account, bridge, cleanUp, raiseCalibrationAlert } = await scene(
    page.request,
    label,
    'assigned',
  );
  try {
    await openSignedIn(page, account, '/bridges');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bridge Management');
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    await raiseCalibrationAlert();
    // The bell polls every 30 s: the count arrives without reloading the page.
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible({ timeout: MONITOR_TIMEOUT_MS });
    await expect(bell).toHaveText('1');
    await expect(bell).toBeInViewport({ ratio: 1 });
    expect((await page.getByRole('banner').boundingBox())?.height).toBeLessThanOrEqual(64);

    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const item = panel.getByRole('listitem').filter({ hasText: bridge.name });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(new RegExp(`^(Low|Medium|High|Critical): Calibration`));
    await expect(item).toContainText(`on ${bridge.name}`);
    await expect(item).toContainText(/Calibration of sensor bell-.*-acc/);
    await expect(item).toContainText('Raised');
    await expect(item.getByRole('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    await expect(panel).toBeInViewport({ ratio: 1 });

    await item.getByRole('button', { name: /^Mark read: Calibration/ }).click();
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(item).not.toContainText('unread');

    // Escape closes the panel and gives focus back to the bell.
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    const quiet = page.getByRole('button', { name: 'Notifications', exact: true });
    await expect(quiet).toBeFocused();

    await quiet.click();
    await panel.getByRole('link', { name: `Open ${bridge.name}'s dashboard` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard\\?bridge=${bridge.id}&`));
    await expect(
      page.getByRole('heading', { level: 1, name: `${bridge.name} Health condition` }),
    ).toBeVisible();
  } finally {
    await cleanUp();
  }
}

/** Told of the alert by a rule alone: the bell opens the alert's page, never the bridge's. */
async function expectToldOnlyBell(page: Page) {
  const { account, bridge, cleanUp, raiseCalibrationAlert } = await scene(
    page.request,
    'told',
    'told',
  );
  try {
    await openSignedIn(page, account, '/map');
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    await raiseCalibrationAlert();
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible({ timeout: MONITOR_TIMEOUT_MS });
    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const item = panel.getByRole('listitem').filter({ hasText: bridge.name });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(`Calibration due on ${bridge.name}`);
    await expect(item.getByRole('link', { name: `Open ${bridge.name}'s dashboard` })).toHaveCount(
      0,
    );

    await item.getByRole('link', { name: 'Open the alert' }).click();
    await expect(page).toHaveURL(/\/alerts\/\d+$/);
    await expect(
      page.getByRole('heading', { level: 1, name: `Calibration due on ${bridge.name}` }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'The alert' })).toContainText(
      `Bridge${bridge.name}`,
    );
    // Opening it marked the line read; the bridge itself stays out of reach, and says why.
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(
      page.getByText(/^You were told of this alert, so it is yours to read and answer;/),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: `Open ${bridge.name}'s dashboard` })).toHaveCount(
      0,
    );
  } finally {
    await cleanUp();
  }
}

test.describe.configure({ timeout: MONITOR_TIMEOUT_MS + 90_000 });

test.describe('at 1440 × 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a raised alert shows in the bell, opens its dashboard and is marked read', async ({
    page,
  }) => {
    await expectBellFlow(page, 'desktop');
  });
});

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a raised alert shows in the bell, opens its dashboard and is marked read', async ({
    page,
  }) => {
    await expectBellFlow(page, 'phone');
  });
});

test.describe('told of an alert by a contact group, not assigned its bridge', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the bell counts it and opens the alert, not the bridge', async ({ page }) => {
    await expectToldOnlyBell(page);
  });
});
