#!/usr/bin/env node
// `npm test`: the static checks, then the unit and API tests beside the browser tests.
//
// Why side by side: the browser tests spend most of their time waiting (for a page, a poll, a
// server answer) and used about 3 of their 18 minutes of CPU on a loaded 2-core machine, while
// the unit tests leave about half of the two cores idle as they wait on databases and child
// processes. One after the other they took over 25 minutes of CI; together the machine's idle
// time is used (docs/decisions/031-tests-side-by-side.md).
//
// The static checks run side by side too (each is single-threaded), and the tests start only
// when all three pass. Each check's output is printed whole when it ends; the two test runs
// stream, the browser tests' lines prefixed so they can be told apart.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// A failed streamed run's last lines are printed again at the very end: the two runs interleave,
// and CI shows only the tail of the output, where the browser tests' summary was lost once.
const TAIL_LINES = 60;
const failureTails = [];
// Each failure's own account (Playwright's `  1) [chromium] › …`, Vitest's ` FAIL  …`) is printed
// where the test ended, far above the tail; its first lines are kept and printed at the end too,
// since CI shows only the tail (stop 46's browser failure left nothing but its name there).
const FAILURE_HEADER = /^\s+\d+\) \[|^\s*FAIL\s/;
const FAILURE_LINES = 40;
const MAX_FAILURES_KEPT = 10;
const failureAccounts = [];
// Playwright's list of slow files (playwright.config.ts) is printed when the browser tests end,
// usually before the unit tests do: kept and printed again at the end.
const SLOW_FILE = /Slow test file:/;
const slowFiles = [];

/** Runs one npm script; resolves with its exit code, its output kept or streamed. */
function run(script, { stream = false, prefix = '', args = [] } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '-s', script, ...(args.length > 0 ? ['--', ...args] : [])], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    });
    const kept = [];
    const partial = new Map();
    const tail = [];
    const take = (target) => (chunk) => {
      if (!stream) {
        kept.push(chunk);
        return;
      }
      // Whole lines only, so a prefix never lands in the middle of one.
      const lines = ((partial.get(target) ?? '') + chunk.toString()).split('\n');
      partial.set(target, lines.pop() ?? '');
      for (const line of lines) {
        target.write(`${prefix}${line}\n`);
        tail.push(line);
        if (tail.length > TAIL_LINES) tail.shift();
        keepFailureAccount(script, line);
        if (SLOW_FILE.test(line)) slowFiles.push(line.trim());
      }
    };
    child.stdout.on('data', take(process.stdout));
    child.stderr.on('data', take(process.stderr));
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!stream) process.stdout.write(Buffer.concat(kept));
      for (const [target, line] of partial) {
        if (!line) continue;
        target.write(`${prefix}${line}\n`);
        tail.push(line);
      }
      if (stream && code !== 0) failureTails.push({ script, lines: tail.slice(-TAIL_LINES) });
      const status = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
      console.log(`\n── ${script}: ${status} in ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

/** Keeps a failure's header line and the lines after it, for the end of the output. */
function keepFailureAccount(script, line) {
  const open = failureAccounts.findLast((account) => account.script === script);
  if (FAILURE_HEADER.test(line) && failureAccounts.length < MAX_FAILURES_KEPT) {
    failureAccounts.push({ script, lines: [line] });
  } else if (open && open.lines.length < FAILURE_LINES) {
    open.lines.push(line);
  }
}

async function allPass(runs) {
  const codes = await Promise.all(runs);
  return codes.every((code) => code === 0);
}

const started = Date.now();
const checked = await allPass([run('typecheck'), run('lint'), run('check:api')]);
if (!checked) {
  console.error('\nThe static checks failed: the tests were not run.');
  process.exit(1);
}
// The unit run also writes each file's time, so the slowest can be printed at the end: the
// suite's time is watched there (CI shows the tail) instead of guessed at.
const UNIT_TIMES = 'test-results/unit-times.json';
const tested = await allPass([
  run('test:unit', {
    stream: true,
    args: ['--reporter=default', '--reporter=json', `--outputFile.json=${UNIT_TIMES}`],
  }),
  run('test:e2e:if-browser', { stream: true, prefix: 'e2e │ ' }),
]);
// Only a report: a fault in it must never fail the run.
await printSlowestFiles(UNIT_TIMES, 12).catch((error) => console.log(`(no file times: ${error})`));
if (slowFiles.length > 0)
  console.log(`\n── the browser test files over a minute:\n${slowFiles.join('\n')}`);
for (const { script, lines } of failureAccounts) {
  console.log(`\n── a failure in ${script}, as it was printed:\n${lines.join('\n')}`);
}
for (const { script, lines } of failureTails) {
  console.log(`\n── ${script} failed; its last ${lines.length} lines again:\n${lines.join('\n')}`);
}
console.log(
  `\nnpm test: ${tested ? 'passed' : 'failed'} in ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(tested ? 0 : 1);

/** The `count` test files that took longest, from Vitest's JSON report (absent: nothing). */
async function printSlowestFiles(path, count) {
  let report;
  try {
    report = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return;
  }
  const root = `${process.cwd()}/`;
  const files = (report.testResults ?? [])
    .map((file) => ({ name: file.name.replace(root, ''), ms: file.endTime - file.startTime }))
    .filter((file) => Number.isFinite(file.ms))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
  if (files.length === 0) return;
  console.log(`\n── the ${files.length} slowest unit test files:`);
  for (const file of files)
    console.log(`${String(Math.round(file.ms / 1000)).padStart(6)} s  ${file.name}`);
}
