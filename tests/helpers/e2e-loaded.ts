import { expect } from '@playwright/test';

/**
 * For what a page shows once its route has loaded. While the demo's first start stores its
 * analyses, a page's requests wait behind those writes on the embedded database's one
 * connection, and on CI's loaded 2-core machine a dashboard took more than 20 s to draw (stop 42
 * failed on it). How fast pages answer is measured by the benchmarks (docs/benchmarks.md), not
 * by these tests, so they wait long enough for a loaded machine.
 */
export const loaded = expect.configure({ timeout: 45_000 });
