/**
 * Draws the alert email as received to docs/images/alert-email.png (docs/alerts.md shows it).
 * The message is the product's own: subject and text come from `alertEmail`, the function the
 * email sender calls. SpanWatch sends plain text, so the picture shows it as a mail client shows
 * plain text (headers above, the body in its lines, addresses as links); no HTML part exists.
 *
 *   npx tsx scripts/render-alert-email.ts [out.png]
 *
 * Uses Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH) through Playwright.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import type { Schemas } from '../server/contract-types.ts';
import { alertEmail } from '../server/alerts/alert-email.ts';

const PUBLIC_URL = 'https://spanwatch.example.ca';
const out = resolve(process.argv[2] ?? 'docs/images/alert-email.png');

// A demo-like alert: the values are made up for the picture, the wording is the product's.
const alert: Schemas['Alert'] = {
  id: 128,
  bridge: 3,
  bridge_name: 'Confederation Bridge',
  type: 'Trigger level crossed',
  severity: 'Critical',
  message:
    'Trigger level crossed against reference version 2: s1-acc.f1 −5.6 % ± 0.2 % (red, −5 %)',
  state: 'active',
  raised_at: '2026-11-30T07:42:00.000Z',
  updated_at: '2026-11-30T07:42:00.000Z',
  acknowledged_at: null,
  acknowledged_by: null,
  comment: null,
  cleared_at: null,
  cause: { windows: [], datastreams: [] },
};

const { subject, text } = alertEmail(alert, PUBLIC_URL, {
  tier: 2,
  reminder: 0,
  acknowledgeUrl: `${PUBLIC_URL}/acknowledge?token=eyJhIjoxMjgsInUiOjd9.Qk3x9v2mZ8`,
});

const escape = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
// As mail clients do with plain text: a URL becomes a link.
const linked = (line: string): string =>
  escape(line).replace(/https:\/\/\S+/g, (url) => `<a href="${url}">${url}</a>`);

const headers: [string, string][] = [
  ['From', 'SpanWatch &lt;alerts@spanwatch.example.ca&gt;'],
  ['To', 'engineer@example.ca'],
  ['Subject', escape(subject)],
  ['Date', 'Mon, 30 Nov 2026 07:52:04 +0000'],
];

const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
  body { margin: 0; background: #eef1f4; font: 15px/1.45 system-ui, sans-serif; color: #1b1f24; }
  .mail { max-width: 760px; margin: 24px auto; background: #fff; border: 1px solid #cfd6dd;
          border-radius: 8px; overflow: hidden; }
  .head { padding: 16px 20px; border-bottom: 1px solid #e2e6ea; background: #f8fafb; }
  .head h1 { font-size: 18px; margin: 0 0 10px; }
  .head dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin: 0; }
  .head dt { color: #5b6570; }
  .head dd { margin: 0; }
  pre { margin: 0; padding: 20px; white-space: pre-wrap; overflow-wrap: anywhere;
        font: 14px/1.55 ui-monospace, monospace; }
  a { color: #0b5cad; }
</style></head><body><article class="mail">
  <div class="head"><h1>${escape(subject)}</h1><dl>${headers
    .map(([name, value]) => `<dt>${name}</dt><dd>${value}</dd>`)
    .join('')}</dl></div>
  <pre>${text.split('\n').map(linked).join('\n')}</pre>
</article></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 820, height: 600 } });
  await page.setContent(html);
  mkdirSync(dirname(out), { recursive: true });
  await page.locator('.mail').screenshot({ path: out });
  console.log(`Wrote ${out}`);
} finally {
  await browser.close();
}
