// npx tsx tests/bench/screens-tour.ts — screenshots of the screens issues 29, 30, 31 and 33 ask
// the closing note to describe: each bridge dashboard with its reference (baseline versions),
// cumulative-shift, fatigue and modes cards, the monthly report's fatigue and modes sections, and
// what the second company's administrator sees. Not a test: it saves PNGs (1440 × 900 desktop,
// 390 × 844 phone) and the reports' PDFs with their text into test-results/screens/ (gitignored)
// for a person to look at. Starts the compiled server as the e2e tests do (the embedded
// database, 30 days of demo history, the live feed), after `npm run build` unless
// SCREENS_SKIP_BUILD=1; SCREENS_BASE=http://host:port uses a server already running instead.
// Signs in through the form with the demo accounts printed at start, in Debian's Chromium.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type Page, chromium } from '@playwright/test';
import { extractText } from 'unpdf';
import {
  type Account,
  DEMO_OPERATOR,
  DEMO_PRAIRIE_ADMIN,
  DEMO_STAFF,
  signInThroughForm,
} from '../helpers/e2e-session.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';

const OUT = path.resolve(import.meta.dirname, '../../test-results/screens');
const PORT = Number(process.env.SCREENS_PORT ?? 8213);
const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
type Viewport = keyof typeof VIEWPORTS;
/** The first start evaluates every demo bridge in the background; screens are of it done. */
const SETTLE_TIMEOUT_MS = Number(process.env.SCREENS_SETTLE_S ?? 900) * 1000;
/** The operator's bridges carry the simulated scenarios (server/seed/demo-seed.ts). */
const OPERATOR_BRIDGES = ['Confederation Bridge', 'Lions Gate Bridge', 'Jacques Cartier Bridge'];
const PRAIRIE_BRIDGES = ['Centre Street Bridge', 'Esplanade Riel'];
/** Dashboard cards saved on their own too, so a person can read them at full size. */
const CARDS = ['baseline-title', 'frequency-shift-title', 'fatigue-title', 'modes-title'];

const log = (message: string) =>
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

async function until(check: () => Promise<boolean>, timeoutMs: number, label: string) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
  log(`gave up waiting for ${label} after ${timeoutMs / 1000} s`);
  return false;
}

async function startServer(): Promise<{ base: string; server?: ServerProcess; dataDir?: string }> {
  if (process.env.SCREENS_BASE) return { base: process.env.SCREENS_BASE };
  if (!process.env.SCREENS_SKIP_BUILD) {
    execFileSync('npm', ['run', '-s', 'build'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spanwatch-screens-'));
  const started = Date.now();
  const server = await startServerProcess({
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    MQTT_URL: '',
    DEMO_HISTORY_DAYS: '30',
    DEMO_LIVE_FEED: 'on',
  });
  log(`server running after ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await until(
    async () => server.output().includes('demo bridges evaluated'),
    SETTLE_TIMEOUT_MS,
    'the first analysis',
  );
  log(`first analysis done after ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { base: `http://127.0.0.1:${PORT}`, server, dataDir };
}

async function apiGet<T>(page: Page, url: string): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('access'));
  const response = await page.request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`${url} answered ${response.status()}`);
  return (await response.json()) as T;
}

async function bridgeIds(page: Page): Promise<Map<string, number>> {
  const bridges = await apiGet<{ id: number; name: string }[]>(page, '/api/v1/bridges');
  return new Map(bridges.map((b) => [b.name, b.id]));
}

/** Lets the page's requests and charts finish; a busy server is allowed its time. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
  await page.waitForTimeout(1_500);
}

const fileName = (name: string) => name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();

async function shoot(page: Page, view: Viewport, name: string) {
  await settle(page);
  const file = path.join(OUT, `${view}-${fileName(name)}.png`);
  await page.screenshot({ path: file, fullPage: true });
  log(`saved ${path.relative(process.cwd(), file)}`);
}

async function shootCards(page: Page, view: Viewport, bridge: string) {
  for (const titleId of CARDS) {
    const card = page.locator(`section[aria-labelledby="${titleId}"]`);
    if ((await card.count()) === 0) continue;
    const file = path.join(
      OUT,
      `${view}-${fileName(bridge)}-card-${titleId.replace('-title', '')}.png`,
    );
    await card.first().screenshot({ path: file });
    log(`saved ${path.relative(process.cwd(), file)}`);
  }
}

/** Downloads the month's report as a user does, from the dashboard's button; keeps its text. */
async function saveReport(page: Page, bridge: string) {
  const month = new Date().toISOString().slice(0, 7);
  await page.getByLabel('Report month').fill(month);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 300_000 }),
    page.getByRole('button', { name: 'Download monthly report' }).click(),
  ]);
  const pdf = path.join(OUT, `report-${fileName(bridge)}-${month}.pdf`);
  await download.saveAs(pdf);
  const { readFileSync } = await import('node:fs');
  const { text } = await extractText(new Uint8Array(readFileSync(pdf)), { mergePages: true });
  writeFileSync(pdf.replace(/\.pdf$/, '.txt'), text);
  log(`saved ${path.relative(process.cwd(), pdf)} and its text`);
}

async function tour(
  browser: Browser,
  base: string,
  view: Viewport,
  who: string,
  account: Account,
  visit: (page: Page, ids: Map<string, number>) => Promise<void>,
) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: VIEWPORTS[view],
    serviceWorkers: 'block',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(90_000);
  try {
    await signInThroughForm(page, account);
    await shoot(page, view, `${who}-map`);
    await visit(page, await bridgeIds(page));
  } catch (error) {
    log(`${who} ${view}: stopped at ${page.url()}: ${(error as Error).message.split('\n')[0]}`);
    await page.screenshot({ path: path.join(OUT, `${view}-${who}-failed.png`) });
  } finally {
    await context.close();
  }
}

async function dashboard(page: Page, view: Viewport, who: string, bridge: string, id?: number) {
  if (id === undefined) return log(`${who} does not see ${bridge}`);
  await page.goto(`/dashboard?bridge=${id}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await shoot(page, view, `${who}-dashboard-${bridge}`);
  await shootCards(page, view, bridge);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const { base, server, dataDir } = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    for (const view of Object.keys(VIEWPORTS) as Viewport[]) {
      await tour(browser, base, view, 'operator', DEMO_OPERATOR, async (page, ids) => {
        if (view === 'desktop') {
          // The fatigue card's rate check and coverage come from a background count.
          await until(
            async () => {
              const fatigue = await apiGet<{ details: { rate_check?: unknown }[] }>(
                page,
                `/api/v1/bridges/${ids.get('Jacques Cartier Bridge')}/fatigue`,
              );
              return fatigue.details.length > 0 && fatigue.details.every((d) => d.rate_check);
            },
            SETTLE_TIMEOUT_MS,
            'the fatigue count',
          );
        }
        for (const bridge of OPERATOR_BRIDGES) {
          await dashboard(page, view, 'operator', bridge, ids.get(bridge));
          if (view === 'desktop') await saveReport(page, bridge);
        }
      });
      await tour(browser, base, view, 'staff', DEMO_STAFF, async (page) => {
        for (const route of ['/operations', '/users', '/bridges', '/audit']) {
          await page.goto(route);
          await shoot(page, view, `staff${route.replaceAll('/', '-')}`);
        }
      });
      await tour(browser, base, view, 'prairie-admin', DEMO_PRAIRIE_ADMIN, async (page, ids) => {
        for (const bridge of PRAIRIE_BRIDGES) {
          await dashboard(page, view, 'prairie-admin', bridge, ids.get(bridge));
        }
        const routes = ['/users', '/bridges', '/operations', '/inspections', '/notifications'];
        for (const route of [...routes, '/settings/notifications', '/audit']) {
          await page.goto(route);
          await shoot(page, view, `prairie-admin${route.replaceAll('/', '-')}`);
        }
      });
    }
  } finally {
    await browser.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    log(
      `done; load ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}; screens in ${OUT}`,
    );
  }
}

await main();
