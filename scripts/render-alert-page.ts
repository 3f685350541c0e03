/**
 * Draws the alert's own page (`/alerts/$id`, decision 080) as the real SPA shows it, at a desktop
 * and a phone width, to docs/images/alert-page-desktop.png and alert-page-phone.png (docs/alerts.md
 * shows them). Nothing is mocked: the SPA is built, the compiled server starts on a fresh
 * embedded database with the demo (as `npm start` gives it), the demo's own analyses raise the
 * alerts and its policy emails them to a mail sink on loopback (so "Who was told" has rows), and
 * the page of one of them is opened signed in as the demo operator.
 *
 *   npx tsx scripts/render-alert-page.ts [out-dir]      (default docs/images; --no-build: reuse dist/)
 *
 * Uses Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH) through Playwright.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { DEMO_OPERATOR } from '../server/seed/demo-accounts.ts';

const args = process.argv.slice(2);
const outDir = resolve(args.find((arg) => !arg.startsWith('--')) ?? 'docs/images');
const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
/** The demo's first analyses raise alerts a minute or two after the start on a quiet machine. */
const ALERT_WAIT_MS = 600_000;
/** How long a Critical or a crossed trigger level (the fuller page) is waited for first. */
const FULLER_WAIT_MS = 240_000;

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    await sleep(2000);
  }
  throw new Error(`Gave up waiting for ${what} after ${ms / 1000} s`);
}

interface Listed {
  id: number;
  type: string;
  severity: string;
}

/** A crossed trigger level lists required actions; a Critical one is the demo's point. */
const rank = (alert: Listed) =>
  (alert.type === 'Trigger level crossed' ? 0 : 2) + (alert.severity === 'Critical' ? 0 : 1);

/** An active alert, the fullest one first; before `fullerBy`, only a fuller one will do. */
function pick(alerts: Listed[], fullerBy: number): Listed | undefined {
  const best = [...alerts].sort((a, b) => rank(a) - rank(b) || a.id - b.id)[0];
  if (best && rank(best) === 3 && Date.now() < fullerBy) return undefined;
  return best;
}

async function shoot(page: Page, origin: string, alertId: number, tokens: object, out: string) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  // localStorage belongs to the origin: a small static file puts the page there first.
  await page.goto(`${origin}/favicon.svg`);
  await page.evaluate(
    (stored: Record<string, string>) => {
      for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
    },
    tokens as Record<string, string>,
  );
  await page.goto(`${origin}/alerts/${alertId}`);
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
  await page.getByRole('list', { name: 'Notified' }).waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: out, fullPage: true });
  console.log(`Wrote ${out}`);
}

/** Accepts every message and keeps none: the demo's alert emails need somewhere to go. */
const mailSink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => callback());
  },
});

let server: ChildProcess | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'spanwatch-alert-page-'));
try {
  if (!args.includes('--no-build')) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const smtpPort = await freePort();
  await new Promise<void>((done) => mailSink.listen(smtpPort, '127.0.0.1', done));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['scripts/run-server.mjs', 'main'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MQTT_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SMS_BASE_URL: '',
    },
  });
  await until('the server', 300_000, async () =>
    (await fetch(`${origin}/api/v1/health`)).ok ? true : undefined,
  );
  const login = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_OPERATOR.email, password: DEMO_OPERATOR.password }),
  });
  const tokens = (await login.json()) as { access: string; refresh: string };
  const fullerBy = Date.now() + FULLER_WAIT_MS;
  const alert = await until("the demo's first alert", ALERT_WAIT_MS, async () => {
    const answer = await fetch(`${origin}/api/v1/alerts?state=active`, {
      headers: { authorization: `Bearer ${tokens.access}` },
    });
    return pick((await answer.json()) as Listed[], fullerBy);
  });
  console.log(`Alert ${alert.id}: ${alert.severity} ${alert.type}`);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    mkdirSync(outDir, { recursive: true });
    for (const [name, viewport] of Object.entries(WIDTHS)) {
      const page = await browser.newPage({ viewport, serviceWorkers: 'block' });
      const out = join(outDir, `alert-page-${name}.png`);
      await shoot(page, origin, alert.id, tokens, out);
      await page.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server?.once('exit', done));
    server.kill('SIGTERM');
    await Promise.race([exited, sleep(20_000)]);
  }
  mailSink.close();
  rmSync(dataDir, { recursive: true, force: true });
}
