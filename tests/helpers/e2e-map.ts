import type { Page } from '@playwright/test';

// What the bridge map shows, read through its accessible names (browser tests).
export const mapRegion = (page: Page) => page.getByRole('region', { name: 'Bridge locations map' });
export const bridgeMarkers = (page: Page) =>
  mapRegion(page).getByRole('button', { name: /, condition / });
export const clusterMarkers = (page: Page) =>
  mapRegion(page).getByRole('button', { name: /^\d+ bridges, worst condition/ });

/** Bridges on the map: single markers plus the counts shown on clusters. */
export async function bridgesShown(page: Page): Promise<number> {
  // The visible count on each cluster (its accessible label repeats it in words).
  const counts = await clusterMarkers(page).locator('[aria-hidden="true"]').allTextContents();
  const inClusters = counts.reduce((sum, count) => sum + Number(count), 0);
  return (await bridgeMarkers(page).count()) + inClusters;
}
