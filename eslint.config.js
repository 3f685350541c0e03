import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Imports flow one way (STYLE.md): domain/ui/api -> features -> routes. Features never import
// each other, and the pure layers (machines, domain, server/analytics) never touch React or I/O.
const featureNames = ['marketing', 'auth', 'map', 'dashboard', 'users', 'bridges', 'account'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
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
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
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
              target: ['./src/domain', './src/ui', './src/api'],
              from: ['./src/features', './src/routes'],
              message: 'Lower layers never import features or routes.',
            },
            {
              target: ['./machines', './src/domain', './server/analytics'],
              from: [
                './src/ui',
                './src/features',
                './src/routes',
                './server/db',
                './server/routes',
              ],
              message: 'Pure modules stay free of React, DOM and I/O.',
            },
            {
              target: './server',
              from: ['./src/features', './src/routes', './src/ui', './src/api'],
              message: 'The server shares only pure domain rules with the SPA.',
            },
          ],
        },
      ],
    },
  },
);
