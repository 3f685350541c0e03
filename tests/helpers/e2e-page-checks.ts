import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** How far the page reaches past the right edge of the window (0 when it fits). */
export const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** axe-core's serious and critical findings on the page as it stands (issues 4 and 6). */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
