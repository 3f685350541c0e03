// npm run bench:web — Lighthouse (mobile profile, offline, Debian Chromium) on the production
// build served by the real server, plus the initial JavaScript and CSS of the landing page.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const PORT = Number(process.env.BENCH_PORT ?? 8766);
const origin = `http://127.0.0.1:${PORT}`;
// The machine is shared and noisy: each page is measured BENCH_RUNS times and the median run
// (by performance score) is printed with the spread of the scores.
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const pages = process.env.BENCH_PAGES?.split(',') ?? [
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

const gzipKb = (files) =>
  files.reduce((sum, file) => sum + gzipSync(readFileSync(join('dist', file))).length, 0) / 1024;
const scriptsOf = (html) => [...html.matchAll(/assets\/[^"\s]+\.js/g)].map((match) => match[0]);
// A prerendered page carries its styles inline; the link beside each (disabled) is never fetched.
const stylesheetsOf = (html) =>
  [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)]
    .filter((match) => !/\sdisabled/.test(match[0]))
    .map((match) => /href="\/(assets\/[^"]+\.css)"/.exec(match[0])?.[1])
    .filter(Boolean);
const inlineCssKb = (html) =>
  gzipSync([...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('')).length /
  1024;
// The shell every path gets, and the landing page as served: the build renders it ahead and
// preloads its route chunks too (build/prerender-plugin.ts).
for (const htmlFile of ['index.html', 'prerendered/index.html']) {
  if (!existsSync(join('dist', htmlFile))) continue;
  const html = readFileSync(join('dist', htmlFile), 'utf8');
  const scripts = scriptsOf(html);
  const sheets = stylesheetsOf(html);
  console.log(
    `Initial JS (${htmlFile}): ${scripts.length} files, ${gzipKb(scripts).toFixed(1)} KB gzip; ` +
      `CSS: ${sheets.length} files, ${gzipKb(sheets).toFixed(1)} KB gzip, ` +
      `${inlineCssKb(html).toFixed(1)} KB gzip inline; ` +
      `HTML ${(gzipSync(html).length / 1024).toFixed(1)} KB gzip`,
  );
}

const dataDir = mkdtempSync(join(tmpdir(), 'spanwatch-bench-'));
const server = spawn(process.execPath, ['scripts/run-server.mjs', 'main'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    DATABASE_URL: '',
    // The public pages show no sensor data: the demo's history and live feed would only take
    // the start's time and, while Lighthouse measures, the CPU.
    DEMO_HISTORY_DAYS: '0',
    DEMO_LIVE_FEED: 'off',
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
    const reports = [];
    for (let i = 0; i < RUNS; i += 1) reports.push(lighthouse(path, join(dataDir, 'report.json')));
    const score = (report, category) => Math.round(report.categories[category].score * 100);
    reports.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const median = reports[Math.floor(reports.length / 2)];
    const scores = reports.map((report) => score(report, 'performance'));
    const audit = (id) => median.audits[id].displayValue;
    console.log(
      `${path}: performance ${score(median, 'performance')} ` +
        `(${RUNS} runs: ${scores.join(', ')}), ` +
        `accessibility ${score(median, 'accessibility')}, ` +
        `best practices ${score(median, 'best-practices')}, SEO ${score(median, 'seo')}, ` +
        `FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, ` +
        `TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}`,
    );
  }
} finally {
  process.kill(-server.pid, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

function lighthouse(path, out) {
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
        '--only-categories=performance,accessibility,best-practices,seo',
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
  if (process.env.BENCH_KEEP_DIR) {
    const name = path.replaceAll('/', '_') || '_';
    copyFileSync(out, join(process.env.BENCH_KEEP_DIR, `${name}-${Date.now()}.json`));
  }
  return report;
}
