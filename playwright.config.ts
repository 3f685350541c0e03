import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// A port the system says is free now. Fixed ports collided when several runs shared a machine;
// the config is loaded synchronously, so a short child process asks for one.
function freePort(): string {
  const script =
    "const s=require('node:net').createServer();" +
    "s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

// Every run starts on empty databases (which the servers migrate and seed with the demo data)
// and on ports of its own. Workers load this file again; the variables keep them on what the
// runner chose. SPANWATCH_E2E_PORT may be set to pin the main server's port.
process.env.SPANWATCH_E2E_PORT ??= freePort();
while (!process.env.SPANWATCH_E2E_SHORT_TOKEN_PORT) {
  const port = freePort();
  if (port !== process.env.SPANWATCH_E2E_PORT) process.env.SPANWATCH_E2E_SHORT_TOKEN_PORT = port;
}
process.env.SPANWATCH_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'spanwatch-e2e-'));
process.env.SPANWATCH_E2E_SHORT_TOKEN_DATA_DIR ??= mkdtempSync(
  join(tmpdir(), 'spanwatch-e2e-short-token-'),
);
const PORT = process.env.SPANWATCH_E2E_PORT;
const origin = `http://127.0.0.1:${PORT}`;
const dataDir = process.env.SPANWATCH_E2E_DATA_DIR;

// A second server whose access tokens live 3 seconds, for the 401 refresh path of spec §4.
// Only tests tagged @short-token run against it.
const SHORT_TOKEN_PORT = process.env.SPANWATCH_E2E_SHORT_TOKEN_PORT;
const shortTokenOrigin = `http://127.0.0.1:${SHORT_TOKEN_PORT}`;
const shortTokenDataDir = process.env.SPANWATCH_E2E_SHORT_TOKEN_DATA_DIR;
const SHORT_ACCESS_TOKEN_TTL_SECONDS = 3;

const chromium = {
  ...devices['Desktop Chrome'],
  // Debian's Chromium: Playwright's own browser downloads are not available here.
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

const SHORT_TOKEN_TAG = /@short-token/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // The demo server analyses its bridges in the background while the first tests run, and in
  // CI the unit tests share the 2 cores: axe on a page took up to 57 s, and a page the app draws
  // in the browser over 15 s to appear (stop 42's CI failed on such a wait). Speed is measured by
  // the benchmarks, not here, so the waits are long enough for a loaded machine.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? 'line' : 'list',
  // The suite's time is watched at the end of the output (CI shows the tail): the files that took
  // over a minute, slowest first.
  reportSlowTests: { max: 10, threshold: 60_000 },
  use: {
    baseURL: origin,
    trace: 'retain-on-failure',
    // The app's service worker answers some requests itself, out of reach of a page's routes;
    // only the offline test (offline-app.spec.ts) lets it install.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'chromium', grepInvert: SHORT_TOKEN_TAG, use: chromium },
    {
      name: 'chromium-short-token',
      grep: SHORT_TOKEN_TAG,
      use: { ...chromium, baseURL: shortTokenOrigin },
    },
  ],
  // Started in order: the first builds the SPA into dist/ and the server into dist-server/
  // (`npm run build`), which the second then runs too: the compiled server, as in production.
  webServer: [
    {
      // The build is a production one, as deployed; NODE_ENV=test below is for the server only.
      command: 'NODE_ENV=production npm run build && node dist-server/main.js',
      url: `${origin}/api/v1/health`,
      // The embedded database, as in the quick start: DATABASE_URL (set for the API tests in
      // CI) is cleared, and so is MQTT_URL.
      // The demo as `npm start` gives it: 30 days of history, the live feed, background analysis.
      env: {
        PORT,
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        DATABASE_URL: '',
        MQTT_URL: '',
        DEMO_HISTORY_DAYS: '30',
        DEMO_LIVE_FEED: 'on',
      },
      reuseExistingServer: false,
      // The build, then a first start that writes the demo history (up to a minute under load).
      timeout: 300_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'node dist-server/main.js',
      url: `${shortTokenOrigin}/api/v1/health`,
      env: {
        PORT: SHORT_TOKEN_PORT,
        DATA_DIR: shortTokenDataDir,
        NODE_ENV: 'test',
        DATABASE_URL: '',
        MQTT_URL: '',
        ACCESS_TOKEN_TTL_SECONDS: String(SHORT_ACCESS_TOKEN_TTL_SECONDS),
        // Only sign-in and token refresh are tested here: no sensor history needed.
        DEMO_HISTORY_DAYS: '0',
        DEMO_LIVE_FEED: 'off',
      },
      reuseExistingServer: false,
      // Migrating and seeding a fresh database took over 60 s on a shared, loaded 2-core machine.
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
