import { type Browser, type Page, expect } from '@playwright/test';

// The demo accounts the Playwright server seeds into its empty database.
export { DEMO_OPERATOR, DEMO_PRAIRIE_ADMIN, DEMO_STAFF } from '../../server/seed/demo-accounts.ts';

export interface Account {
  email: string;
  password: string;
}

/** Map tiles come from the internet, which tests do not reach: refuse them at once. */
async function refuseMapTiles(page: Page): Promise<void> {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
}

/**
 * Signs in through the sign-in form and waits for the map, as a user does. The form itself is
 * tested in auth.spec.ts; other tests that only need a session use `openSignedIn`.
 */
export async function signInThroughForm(page: Page, account: Account): Promise<void> {
  await refuseMapTiles(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/map', { timeout: 20_000 });
}

/**
 * Opens `path` already signed in: the tokens come from the login call and are stored where the
 * app keeps them (spec §3: localStorage `access` and `refresh`), so the test pays for one page
 * load instead of the login page, the map and then its own page.
 */
export async function openSignedIn(page: Page, account: Account, path = '/map'): Promise<void> {
  await refuseMapTiles(page);
  const response = await page.request.post('/api/v1/auth/login', {
    data: { email: account.email, password: account.password },
  });
  if (!response.ok()) {
    throw new Error(`signing in ${account.email} answered ${response.status()}`);
  }
  const tokens = (await response.json()) as { access: string; refresh: string };
  // localStorage belongs to the origin: a small static file puts the page there first.
  await page.goto('/favicon.svg');
  await page.evaluate(({ access, refresh }) => {
    window.localStorage.setItem('access', access);
    window.localStorage.setItem('refresh', refresh);
  }, tokens);
  await page.goto(path);
}

/** A page of its own in a new context, signed in and open at `path`. */
export async function newSignedInPage(
  browser: Browser,
  account: Account,
  path = '/map',
): Promise<Page> {
  const page = await browser.newPage();
  await openSignedIn(page, account, path);
  return page;
}
