import type { Browser, Page, TestInfo } from '@playwright/test';

/**
 * A page with the project's context options (base URL, service workers blocked, the device),
 * for checks that share one page across the tests of a group: `browser.newPage` alone would
 * take none of them. A visitor going from page to page keeps the app's hashed code cached
 * (served `immutable`); a fresh context per test fetched and compiled it every time.
 */
export async function projectPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { baseURL, serviceWorkers, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } =
    testInfo.project.use;
  // A context of its own, not `browser.newPage`: axe-core's runner refuses a page made that way.
  const context = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    ...(serviceWorkers ? { serviceWorkers } : {}),
    ...(viewport ? { viewport } : {}),
    ...(userAgent ? { userAgent } : {}),
    ...(deviceScaleFactor ? { deviceScaleFactor } : {}),
    ...(isMobile === undefined ? {} : { isMobile }),
    ...(hasTouch === undefined ? {} : { hasTouch }),
  });
  return context.newPage();
}

/** Closes a page `projectPage` made, with its context. */
export async function closeProjectPage(page: Page | undefined): Promise<void> {
  await page?.context().close();
}
