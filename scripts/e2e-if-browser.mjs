#!/usr/bin/env node
// `npm test` runs the browser tests only where a Chromium is installed, so a machine without
// one still gets a green unit run and a clear note about what was skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DEFAULT_PATH = '/usr/bin/chromium';
const candidates = [process.env.CHROMIUM_PATH, DEFAULT_PATH].filter(Boolean);
const chromium = candidates.find((path) => existsSync(path));

if (!chromium) {
  const looked = candidates.join(' or ');
  console.log(
    `Chromium not found at ${looked}: skipping browser tests; install it with apt-get install -y chromium`,
  );
  process.exit(0);
}

// The servers' data directories are made here so they can be removed afterwards: the main one
// holds 30 days of demo history (about 1 GB on PGlite).
const dataDirs = {
  SPANWATCH_E2E_DATA_DIR: mkdtempSync(join(tmpdir(), 'spanwatch-e2e-')),
  SPANWATCH_E2E_SHORT_TOKEN_DATA_DIR: mkdtempSync(join(tmpdir(), 'spanwatch-e2e-short-token-')),
};
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, ...dataDirs, CHROMIUM_PATH: chromium },
});
for (const dir of Object.values(dataDirs)) rmSync(dir, { recursive: true, force: true });

if (result.error) {
  console.error(`Could not start Playwright: ${result.error.message}`);
  process.exit(1);
}
if (result.signal) process.kill(process.pid, result.signal);
process.exit(result.status ?? 1);
