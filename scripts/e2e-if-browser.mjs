#!/usr/bin/env node
// `npm test` runs the browser tests only where a Chromium is installed, so a machine without
// one still gets a green unit run and a clear note about what was skipped.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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

const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});

if (result.error) {
  console.error(`Could not start Playwright: ${result.error.message}`);
  process.exit(1);
}
if (result.signal) process.kill(process.pid, result.signal);
process.exit(result.status ?? 1);
