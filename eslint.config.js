import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Imports flow one way (STYLE.md): domain/ui/api -> features -> routes. Features never import
// each other, and the pure layers (machines, domain, server/analytics) never touch React or I/O.
// Read from the folders when lint runs, so a new feature is guarded without an edit here.
const featureNames = readdirSync(new URL('./src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// Every folder of the server, read when lint runs, so a new one is covered without an edit here.
const serverParts = readdirSync(new URL('./server', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'dist-qa/**',
      'data/**',
      'node_modules/**',
      'src/routeTree.gen.ts',
      'openapi/schema.d.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  {
    // The app's service worker is served as written (decision 053).
    files: ['public/app-sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // React's hook rules only where React lives; elsewhere a `use` prefix means nothing.
    files: ['src/**/*.{ts,tsx}', 'tests/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      // The import rules follow only files they can parse: TypeScript's, through its parser.
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureNames.map((name) => ({
              target: `./src/features/${name}`,
              from: './src/features',
              except: [`./${name}`],
              message: 'Features do not import each other; move shared code down a level.',
            })),
            {
              target: './domain',
              from: ['./src', './server', './machines'],
              message: 'The domain is shared by the SPA and the server and imports neither.',
            },
            {
              target: ['./domain', './src/ui', './src/api'],
              from: ['./src/features', './src/routes'],
              message: 'Lower layers never import features or routes.',
            },
            {
              target: ['./machines', './domain', './server/analytics'],
              from: [
                './src/ui',
                './src/features',
                './src/routes',
                './server/db',
                './server/routes',
                './server/readings',
                './server/repositories',
                './server/ingest',
                './server/http',
              ],
              message: 'Pure modules stay free of React, DOM and I/O.',
            },
            {
              target: './server',
              from: ['./src/features', './src/routes', './src/ui', './src/api'],
              message: 'The server shares only pure domain rules with the SPA.',
            },
            {
              target: './server/routes',
              from: './server/routes/*-handlers.ts',
              message: 'A route never imports another route; share through a service.',
            },
            {
              target: serverParts
                .filter((part) => !['demo', 'seed'].includes(part))
                .map((part) => `./server/${part}`),
              from: './server/demo',
              message: 'Only the composition root (server/main.ts) and the seed reach the demo.',
            },
          ],
        },
      ],
    },
  },
  {
    // The analytics are pure numerics: no database driver, query builder, broker or HTTP server.
    files: ['server/analytics/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['pg', 'pg-*', 'drizzle-orm', 'drizzle-orm/*', '@electric-sql/*', 'pg-boss'],
              message: 'Analytics import no database code: the analysis layer reads for them.',
            },
            {
              group: ['mqtt', 'fastify', 'fastify/*', '@fastify/*', 'undici'],
              message: 'Analytics do no I/O.',
            },
          ],
        },
      ],
    },
  },
  {
    // Cycles in the server's imports hide its layering; the SPA's lazy routes need none either.
    files: ['server/**/*.ts'],
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // One composition root (issue 14): the request and process wiring takes its repositories
    // and services from server/services.ts; building another copy here would split caches and
    // state (the readings store's partitions, the ingest lookups) between two instances.
    files: ['server/**/*.ts'],
    // The analysis and report threads have database links of their own, so each builds its
    // repositories once at its start (their own small composition roots).
    ignores: [
      'server/services.ts',
      'server/analysis/analysis-stores.ts',
      'server/report/report-thread.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.name=/^create[A-Z]\\w*(Repository|Service)$/]',
          message: 'Take it from the services (server/services.ts), which build it once.',
        },
      ],
    },
  },
  {
    // The environment is read once, through the one schema in server/config/config.ts.
    files: ['server/**/*.ts'],
    ignores: ['server/config/config.ts', 'server/main.ts', 'server/sim/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read settings from the config (server/config/config.ts), not the environment.',
        },
      ],
    },
  },
);
