/**
 * Screenshots of issue 32's screens as a person sees them, for the closing note (not a test):
 * the Notifications screen, the bell's list, an alert's page with its delivery log, and an alert
 * email as the SMTP server received it, each at 1440×900 and 390×844.
 *
 *   npx tsx scripts/notification-screens.ts [out-dir]      (default: screens/, gitignored)
 *
 * Builds the app (SKIP_BUILD=1 to reuse dist/), starts it on the embedded database with a day of
 * demo history and SMTP_URL pointing at a real SMTP server on loopback (tests/helpers/
 * smtp-receiver.ts), waits for the demo's first alert email, signs in as the demo staff user and
 * takes the pictures with Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { DEMO_STAFF } from '../server/seed/demo-accounts.ts';
import { startServerProcess } from '../tests/helpers/server-process.ts';
import { type ReceivedMail, smtpReceiver } from '../tests/helpers/smtp-receiver.ts';

const PORT = 8197;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const out = resolve(process.argv[2] ?? 'screens');
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The plain-text mail as a mail client shows it: headers above, the body in its lines. */
const mailPage = (mail: ReceivedMail) => `<!doctype html><meta charset="utf-8">
<body style="font:15px system-ui,sans-serif;margin:16px;max-width:760px">
<div><b>From:</b> ${escape(mail.headers.get('from') ?? '')}</div>
<div><b>To:</b> ${escape(mail.to.join(', '))}</div>
<div><b>Subject:</b> ${escape(mail.headers.get('subject') ?? '')}</div>
<hr><pre style="white-space:pre-wrap;overflow-wrap:anywhere;font:14px ui-monospace,monospace">${escape(mail.text)}</pre>`;

async function shoot(page: Page, file: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: join(out, file) });
  console.log(`wrote ${join(out, file)}`);
}

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  if (!process.env.SKIP_BUILD) {
    const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const smtp = smtpReceiver();
  await smtp.start();
  const dataDir = mkdtempSync(join(tmpdir(), 'spanwatch-screens-'));
  const server = await startServerProcess({
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    MQTT_URL: '',
    SMTP_URL: smtp.url(),
    PUBLIC_URL: ORIGIN,
    DEMO_HISTORY_DAYS: '1',
    DEMO_LIVE_FEED: 'on',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  try {
    const deadline = Date.now() + 180_000;
    while (smtp.received.length === 0 && Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, 1000));
    }
    const mail = smtp.received[0];
    const login = await fetch(`${ORIGIN}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_STAFF.email, password: DEMO_STAFF.password }),
    });
    const tokens = (await login.json()) as { access: string; refresh: string };
    const alertId = /\/alerts\/(\d+)/.exec(mail?.text ?? '')?.[1];
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport, baseURL: ORIGIN });
      await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
      await context.addInitScript((t) => {
        localStorage.setItem('access', t.access);
        localStorage.setItem('refresh', t.refresh);
      }, tokens);
      const page = await context.newPage();
      await page.goto('/notifications');
      await shoot(page, `notifications-${viewport.name}.png`);
      await page
        .getByRole('button', { name: /^Notifications/ })
        .first()
        .click();
      await shoot(page, `bell-${viewport.name}.png`);
      if (alertId) {
        await page.goto(`/alerts/${alertId}`);
        await shoot(page, `alert-delivery-log-${viewport.name}.png`);
      }
      if (mail) {
        const file = join(dataDir, 'mail.html');
        writeFileSync(file, mailPage(mail));
        await page.goto(`file://${file}`);
        await shoot(page, `email-${viewport.name}.png`);
      }
      await context.close();
    }
    console.log(
      `${smtp.received.length} emails received; the first: ${mail?.headers.get('subject') ?? 'none'}`,
    );
  } finally {
    await browser.close();
    await server.stop();
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
