import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = 8765;
const origin = `http://127.0.0.1:${PORT}`;

// Every run starts on an empty database, which the server migrates and seeds with the demo
// data. Workers load this file again; the variable keeps them on the directory the runner made.
process.env.SPANWATCH_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'spanwatch-e2e-'));
const dataDir = process.env.SPANWATCH_E2E_DATA_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: origin,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
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
      },
    },
  ],
  webServer: {
    command: 'npm run build && npx tsx server/main.ts',
    url: `${origin}/api/v1/health`,
    // The embedded database, like the quick start: DATABASE_URL (set for the API tests in CI) is cleared.
    env: { PORT: String(PORT), DATA_DIR: dataDir, NODE_ENV: 'test', DATABASE_URL: '' },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
