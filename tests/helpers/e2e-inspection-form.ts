import type { Locator, Page } from '@playwright/test';

export interface InspectionEntry {
  bridge: string;
  inspector: string;
  /** Deck, superstructure and substructure on the 0-9 scale, as typed. */
  ratings: [string, string, string];
}

/** Opens Record inspection on the Inspections screen and fills it in; the dialog, unsaved. */
export async function fillRecordInspection(page: Page, entry: InspectionEntry): Promise<Locator> {
  await page.getByRole('button', { name: 'Record inspection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record inspection' });
  await dialog.getByLabel('Bridge').selectOption({ label: entry.bridge });
  await dialog.getByLabel('Inspector').fill(entry.inspector);
  const [deck, superstructure, substructure] = entry.ratings;
  await dialog.getByLabel('Deck rating (0-9)').fill(deck);
  await dialog.getByLabel('Superstructure rating (0-9)').fill(superstructure);
  await dialog.getByLabel('Substructure rating (0-9)').fill(substructure);
  return dialog;
}
