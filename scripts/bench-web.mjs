// npm run bench:web — Lighthouse (mobile profile, offline, Debian Chromium) on the production
// build served by the real server, plus the initial JavaScript of the landing page.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const PORT = Number(process.env.BENCH_PORT ?? 8766);
const origin = `http://127.0.0.1:${PORT}`;
const pages = [
  '/',
  '/solutions/structural-health-monitoring',
  '/services/real-time-monitoring',
  '/faqs',
];
const chromeFlags =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run ' +
  '--disable-background-networking --disable-component-update --disable-sync';

if (!process.env.BENCH_SKIP_BUILD) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

const html = readFileSync('dist/index.html', 'utf8');
const initial = [...html.matchAll(/assets\/[^"]+\.js/g)].map((match) => match[0]);
const gzipKb = (files) =>
  files.reduce((sum, file) => sum + gzipSync(readFileSync(join('dist', file))).length, 0) / 1024;
console.log(
  `Initial JS for / (index.html): ${initial.length} files, ${gzipKb(initial).toFixed(1)} KB gzip`,
);

const dataDir = mkdtempSync(join(tmpdir(), 'spanwatch-bench-'));
const server = spawn('npx', ['tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    DATABASE_URL: '',
  },
  stdio: 'ignore',
  detached: true,
});
try {
  for (let i = 0; ; i += 1) {
    if (i > 120) throw new Error('the server did not start');
    try {
      if ((await fetch(`${origin}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  for (const path of pages) {
    const out = join(dataDir, 'report.json');
    // One retry: on a busy machine Chromium occasionally fails to start within Lighthouse's limit.
    const run = () =>
      execFileSync(
        'npx',
        [
          '-y',
          'lighthouse@13',
          `${origin}${path}`,
          '--quiet',
          `--chrome-flags=${chromeFlags}`,
          '--only-categories=performance,accessibility',
          '--output=json',
          `--output-path=${out}`,
        ],
        {
          stdio: 'ignore',
          env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
        },
      );
    try {
      run();
    } catch {
      run();
    }
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const audit = (id) => report.audits[id].displayValue;
    console.log(
      `${path}: performance ${Math.round(report.categories.performance.score * 100)}, ` +
        `accessibility ${Math.round(report.categories.accessibility.score * 100)}, ` +
        `FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, ` +
        `TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}`,
    );
  }
} finally {
  process.kill(-server.pid, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
