import { type Page, expect, test } from '@playwright/test';
import { fillRecordInspection } from '../helpers/e2e-inspection-form';
import { DEMO_STAFF, openSignedIn } from '../helpers/e2e-session';

// Issue 36, field inspection mode (decision 053): on a 390 × 844 phone an inspector records an
// inspection with a camera photo while the network is gone, reads that it is kept on the phone,
// and finds it recorded once, photo included, when the network returns.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const OFFLINE_TEXT = 'Saved on this phone — will send when you are back online';

/** A 3000 × 2000 JPEG drawn by the browser: a camera-sized photo the form must shrink. */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 3000;
    canvas.height = 2000;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = '#8a8f94';
    context.fillRect(0, 0, 3000, 2000);
    context.strokeStyle = '#202020';
    context.lineWidth = 12;
    context.beginPath();
    context.moveTo(400, 300);
    context.lineTo(2600, 1700);
    context.stroke();
    return canvas.toDataURL('image/jpeg', 0.95);
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

test('an inspection recorded offline with a photo is kept on the phone and sent once back online', async ({
  page,
  context,
}) => {
  const inspector = `Field Inspector ${Date.now()}`;
  await openSignedIn(page, DEMO_STAFF, '/inspections');
  const dialog = await fillRecordInspection(page, {
    bridge: 'Quebec Bridge',
    inspector,
    ratings: ['8', '7', '7'],
  });
  await dialog.getByLabel('Add photo').setInputFiles({
    name: 'pier-3.jpg',
    mimeType: 'image/jpeg',
    buffer: await cameraPhoto(page),
  });
  await expect(dialog.getByRole('img', { name: 'Photo 1' })).toBeVisible();

  // A thumb's targets and the page's width on the phone.
  for (const target of [
    dialog.getByText('Add photo'),
    dialog.getByRole('button', { name: 'Remove photo 1' }),
    dialog.getByRole('button', { name: 'Save' }),
  ]) {
    const box = await target.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - Math.min(390, window.innerWidth),
  );
  expect(overflow, 'px beyond a 390 px screen').toBeLessThanOrEqual(0);

  await context.setOffline(true);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const outbox = page.getByRole('region', { name: 'Inspections saved on this phone' });
  await expect(outbox).toContainText(OFFLINE_TEXT);
  await expect(outbox).toContainText('Quebec Bridge');
  await expect(outbox).toContainText('1 photo');

  await context.setOffline(false);
  await expect(page.getByText('Inspection of Quebec Bridge sent')).toBeVisible({ timeout: 15_000 });
  await expect(outbox).toHaveCount(0);

  await page.getByLabel('Bridge programme and records').selectOption({ label: 'Quebec Bridge' });
  const records = page.getByRole('region', { name: 'Inspection records' });
  await expect(records.getByText(inspector)).toHaveCount(1);
  // Thumbnails are read as they near the screen: scroll to the record's photo as a reader would.
  const opener = records.getByRole('button', { name: /photo 1$/ });
  await opener.scrollIntoViewIfNeeded();
  const thumbnail = records.getByRole('img', { name: /photo 1$/ });
  await expect(thumbnail).toHaveCount(1);
  // The list shows the server's 320 px thumbnail (decision 053, Thumbnails)...
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(320);
  await opener.click();
  const whole = page.getByRole('dialog', { name: /photo 1$/ }).getByRole('img');
  // ...and opens the stored photo: the phone's smaller JPEG, not the 3000 px original.
  await expect.poll(() => whole.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2048);
});
