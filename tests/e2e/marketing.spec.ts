import { type Page, expect, test } from '@playwright/test';
import { sharedProjectPage } from '../helpers/e2e-shared-page';

const DEMO_STAFF = { email: 'staff@spanwatch.demo', password: 'SpanWatch-staff-1' };

// Every public route of spec §2 with the h1 a visitor sees there and, where it differs from
// '{h1} | SpanWatch', the tab title.
const publicPages: ReadonlyArray<readonly [string, string, string?]> = [
  [
    '/',
    'Bridge health, watched around the clock',
    'SpanWatch — Bridge structural health monitoring',
  ],
  ['/about', 'About SpanWatch', 'About | SpanWatch'],
  ['/faqs', 'Frequently Asked Questions', 'FAQs | SpanWatch'],
  ['/solutions/structural-health-monitoring', 'Structural Health Monitoring'],
  ['/solutions/data-driven-maintenance-insights', 'Data-Driven Maintenance Insights'],
  ['/solutions/real-time-capacity-tracking', 'Structural Condition Forecast Modeling'],
  ['/solutions/damage-detection-modeling', 'Damage Detection Modeling'],
  ['/services/real-time-monitoring', 'Real-Time Monitoring'],
  ['/services/predictive-maintenance-analytics', 'Predictive Maintenance Analytics'],
  ['/services/risk-security-assessment', 'Risk and Security Assessment'],
  ['/services/iot-for-connectivity', 'IoT for Connectivity'],
  ['/services/automated-reporting-alerts', 'Automated Reporting and Alerts'],
  ['/services/consulting-optimization', 'Consulting and Optimization'],
];

/**
 * Waits until the app has adopted the prerendered page (the contact form's button turns on then):
 * before that, links work but the header's buttons do not respond yet.
 */
async function appStarted(page: Page) {
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled({
    timeout: 20_000,
  });
}

async function pageWidths(page: Page) {
  return page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
}

test.describe('public pages', () => {
  // One page for the thirteen page checks, as a visitor going from page to page has it: the app's
  // hashed code is cached (immutable) after the first, where a fresh context per test fetched
  // and compiled it thirteen times.
  const sharedPage = sharedProjectPage();

  for (const [path, heading, title = `${heading} | SpanWatch`] of publicPages) {
    test(`${path} shows its heading, its own title and description, and every image has alt text`, async () => {
      const page = sharedPage();
      await page.goto(path);

      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(title);
      // Polled: while the app adopts the page, the build's head tags give way to the router's.
      await expect
        .poll(async () => {
          const descriptions = await page
            .locator('meta[name="description"]')
            .evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content') ?? ''));
          return descriptions.at(-1)?.length ?? 0;
        })
        .toBeGreaterThan(60);
      const missingAlt = await page.locator('img:not([alt])').count();
      expect(missingAlt).toBe(0);
      await expect(page.getByRole('heading', { level: 2, name: 'Contact us' })).toBeAttached();
    });
  }

  test('service pages quote their case-study figures', async ({ page }) => {
    await page.goto('/services/predictive-maintenance-analytics');
    for (const name of ['Overview', 'Key Features', 'Benefits', 'Case Studies']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.getByText(/30%/).first()).toBeVisible();
  });

  test('any other path shows the 404 page', async ({ page }) => {
    await page.goto('/services/no-such-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });

  test('no page scrolls sideways at 360 px, and the hamburger opens the menu', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const [path] of publicPages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const { scroll, viewport } = await pageWidths(page);
      expect(scroll, path).toBeLessThanOrEqual(viewport);
    }

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await appStarted(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('button', { name: 'Services' }).click();
    await nav.getByRole('link', { name: 'Risk and Security Assessment' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Risk and Security Assessment' }),
    ).toBeVisible();
    await expect(nav).toBeHidden();
  });
});

// The build renders the public pages ahead (build/prerender-plugin.ts), so they paint before
// any JavaScript runs, and the app adopts that HTML rather than drawing the page again.
test.describe('prerendered pages', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('every public page arrives with its heading, title, description and contact form', async ({
      page,
    }) => {
      for (const [path, heading, title = `${heading} | SpanWatch`] of publicPages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page).toHaveTitle(title);
        await expect(page.locator('meta[name="description"]')).toHaveCount(1);
        await expect(page.getByRole('button', { name: 'Send message' })).toBeAttached();
      }
    });
  });

  test('the app adopts the page without redrawing it, then keeps the title up to date', async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        Object.assign(window, { arrivedHeading: document.querySelector('h1') });
      });
    });
    await page.goto('/faqs');

    // React marks the nodes it owns; the heading that arrived with the page is one of them.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const heading = document.querySelector('h1');
          const adopted = Object.keys(heading ?? {}).some((key) => key.startsWith('__react'));
          return adopted && heading === (window as { arrivedHeading?: Element }).arrivedHeading;
        }),
      )
      .toBe(true);
    expect(warnings.filter((text) => /redrawn|hydrat/i.test(text))).toEqual([]);

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'About' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'About SpanWatch' })).toBeVisible();
    await expect(page).toHaveTitle('About | SpanWatch');
    await expect(page.locator('title')).toHaveCount(1);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  });

  test('what a visitor types before the app starts is kept and sent', async ({ page }) => {
    // Hold the app's code back, as a slow phone would, while the visitor fills in the form.
    let releaseApp = () => {};
    const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await appHeld;
      await route.continue();
    });
    await page.goto('/faqs', { waitUntil: 'commit' });
    await page.getByLabel('First name').fill('Marie');
    await page.getByLabel('Email').fill('marie@ville.qc.ca');
    await page.getByLabel('Message').fill('Typed while the page was still loading.');
    releaseApp();

    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Message sent successfully')).toBeVisible();
  });

  test('a signed-out path still gets the app shell, rendered in the browser', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });
});

test.describe('header', () => {
  test('changes its background once the page is scrolled', async ({ page }) => {
    await page.goto('/about');
    const header = page.locator('header').first();
    const before = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.mouse.wheel(0, 600);
    await expect
      .poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor))
      .not.toBe(before);
  });

  test('dropdowns open one at a time, close on mouse leave, and work by keyboard', async ({
    page,
  }) => {
    await page.goto('/about');
    await appStarted(page);
    const solutions = page.getByRole('button', { name: 'Solutions' });
    const services = page.getByRole('button', { name: 'Services' });

    await solutions.click();
    await expect(page.getByRole('link', { name: 'Damage Detection Modeling' })).toBeVisible();
    await services.click();
    await expect(page.getByRole('link', { name: 'Damage Detection Modeling' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'IoT for Connectivity' })).toBeVisible();

    await page.mouse.move(10, 600);
    await expect(services).toHaveAttribute('aria-expanded', 'false');

    await solutions.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('link', { name: 'Structural Health Monitoring' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(solutions).toHaveAttribute('aria-expanded', 'false');
    await expect(solutions).toBeFocused();
  });

  test('Contact us scrolls down to the contact form', async ({ page }) => {
    await page.goto('/');
    await appStarted(page);
    const form = page.getByRole('button', { name: 'Send message' });
    await expect(form).not.toBeInViewport();

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact us' })
      .click();

    await expect(form).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Contact us' })).toBeFocused();
  });
});

test('a message sent from the contact form reaches staff', async ({ page, request }) => {
  const message = `Please call about the Pont Laviolette (${Date.now()}).`;
  await page.goto('/faqs');

  await page.getByLabel('First name').fill('Marie');
  await page.getByLabel('Last name (optional)').fill('Tremblay');
  await page.getByLabel('Email').fill('marie@ville.qc.ca');
  await page.getByLabel('Message').fill(message);
  await page.getByRole('button', { name: 'Send message' }).click();

  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  await expect(page.getByText('Message sent successfully')).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('');
  // The toast never covers the control that was used, nor the header's Login.
  const toast = await page.getByText('Message sent successfully').boundingBox();
  for (const control of [
    page.getByRole('button', { name: 'Send message' }),
    page.getByRole('banner').getByRole('link', { name: 'Login' }),
  ]) {
    const box = await control.boundingBox();
    if (!toast || !box) continue;
    const overlaps =
      toast.x < box.x + box.width &&
      box.x < toast.x + toast.width &&
      toast.y < box.y + box.height &&
      box.y < toast.y + toast.height;
    expect(overlaps).toBe(false);
  }
  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect(page.getByText('Message sent successfully')).toBeHidden();

  const login = await request.post('/api/v1/auth/login', { data: DEMO_STAFF });
  const { access } = (await login.json()) as { access: string };
  const inbox = await request.get('/api/v1/contact-messages', {
    headers: { Authorization: `Bearer ${access}` },
  });
  const messages = (await inbox.json()) as { first_name: string; message: string }[];
  expect(messages).toContainEqual(
    expect.objectContaining({ first_name: 'Marie', last_name: 'Tremblay', message }),
  );
});
