import { type Browser, type Page, type TestInfo, test } from '@playwright/test';

/**
 * A page with the project's context options (base URL, service workers blocked, the device),
 * for checks that share one page across the tests of a group: `browser.newPage` alone would
 * take none of them. A visitor going from page to page keeps the app's hashed code cached
 * (served `immutable`); a fresh context per test fetched and compiled it every time.
 */
async function projectPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
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

/**
 * One page for the tests of the enclosing group, opened before the first and closed after the
 * last; each test still loads its own path. Should a test fail, Playwright starts a new worker,
 * and so a new page, for the tests after it. Returns the page's getter.
 */
export function sharedProjectPage(): () => Page {
  let page: Page | undefined;
  test.beforeAll(async ({ browser }, testInfo) => {
    page = await projectPage(browser, testInfo);
  });
  test.afterAll(async () => {
    await page?.context().close();
  });
  return () => {
    if (!page) throw new Error('the shared page is opened before the group runs');
    return page;
  };
}
