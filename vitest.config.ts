import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { LongestFirstSequencer } from './tests/helpers/longest-first-sequencer.ts';

// Two projects: the browser-side code runs in jsdom, the server and pure modules in Node.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on these 2-core machines. Many
    // API tests wait on PostgreSQL, so two workers finish the suite in two thirds of the time.
    // Three were tried beside the browser tests: CI took 1,110 s instead of 1,020 s, and a
    // scale-out training expired under the load (docs/decisions/033-test-suite-time.md).
    maxWorkers: 2,
    // The longest files first, from the committed times (tests/file-times.json), so the two
    // workers end together; a fresh clone would otherwise start the largest files first.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        plugins: [react(), vanillaExtractPlugin()],
        test: {
          name: 'web',
          environment: 'jsdom',
          // Vitest's default is 5 s: 21 component tests ran out of it in one run on two cores
          // loaded far beyond CI (2026-11-29), and pass in CI; 20 s still catches a hang.
          testTimeout: 20_000,
          include: ['tests/src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/helpers/setup-web.ts'],
          // jsdom computes styles only from sheets in the page; these few are loaded so a test
          // can check what a user sees of them (a row's History link boxed like its buttons).
          css: { include: [/src\/ui\/management-page\.css/] },
        },
      },
      {
        test: {
          name: 'node',
          environment: 'node',
          // Files share a worker's process and loaded modules instead of importing the app anew
          // each (about 2 s a file), and the worker keeps its database from file to file
          // (tests/helpers/database-pool.ts). Tests own their state: each API file opens its own
          // app, and every test starts on clean data. Set here, not at the root: Vitest 4's
          // inline projects do not inherit the root's test options, and the root's setting left
          // every file in a fresh process (docs/decisions/033-test-suite-time.md, 2026-12-02 (b)).
          isolate: false,
          include: [
            'tests/server/**/*.test.ts',
            'tests/machines/**/*.test.ts',
            'tests/domain/**/*.test.ts',
            'tests/build/**/*.test.ts',
          ],
          setupFiles: ['tests/helpers/setup-node.ts'],
          testTimeout: 30_000,
          // A fresh embedded database per file can take a minute on a loaded machine; set
          // VITEST_HOOK_TIMEOUT_MS higher there (a project's own setting beats the CLI's).
          hookTimeout: Number(process.env.VITEST_HOOK_TIMEOUT_MS ?? 60_000),
        },
      },
    ],
  },
});
