#!/usr/bin/env node
// Writes tests/file-times.json, the seconds each test file took, from a Vitest JSON report (by
// default the one `npm test` writes). The test sequencer starts the longest files first from it
// (tests/helpers/longest-first-sequencer.ts): CI's fresh clone has no record of its own.
//
//   node scripts/file-times.mjs [test-results/unit-times.json]
//
// A file whose tests were all skipped in the report (a PostgreSQL-only file in a run without
// DATABASE_URL) keeps its time from before; files that no longer exist are dropped.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const report = process.argv[2] ?? 'test-results/unit-times.json';
const target = 'tests/file-times.json';
const before = existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')) : {};
const times = { ...before };
const { testResults = [] } = JSON.parse(readFileSync(report, 'utf8'));
for (const file of testResults) {
  const ran = (file.assertionResults ?? []).some((test) =>
    ['passed', 'failed'].includes(test.status),
  );
  const seconds = (file.endTime - file.startTime) / 1000;
  if (ran && Number.isFinite(seconds))
    times[relative(process.cwd(), file.name)] = Math.round(seconds * 10) / 10;
}
const kept = Object.entries(times)
  .filter(([path]) => existsSync(path))
  .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
writeFileSync(target, `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`);
console.log(`${target}: ${kept.length} files, the slowest ${kept[0]?.[0]} (${kept[0]?.[1]} s)`);
