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

/** A user of a new company, assigned one new bridge of that company. */
async function scene(request: APIRequestContext, label: string) {
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
  await staff.post(`/api/v1/users/${user.id}/assign`, { bridge_ids: [bridge.id] });
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
  const { account, bridge, cleanUp, raiseCalibrationAlert } = await scene(page.request, label);
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
