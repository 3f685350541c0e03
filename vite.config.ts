import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { precompress } from './build/precompress-plugin.ts';
import { prerenderBuilder, prerenderEnvironment } from './build/prerender-plugin.ts';

const apiPort = process.env.API_PORT ?? '8080';

/** `npm run build:qa`: the production build plus the Stately inspector behind `?inspect`. */
const QA_MODE = 'qa';
const QA_OUT_DIR = 'dist-qa';

export default defineConfig(({ command, mode }) => ({
  // The router plugin must run before react() so it can generate the route tree and split
  // route components before JSX is transformed.
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders apart too (their query modules would otherwise grow every page's bundle, the
      // public home page's included), each in a chunk of its own so it is not held up by its
      // page's code: both download together, and the loader starts its requests at once.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    vanillaExtractPlugin(),
    // Only what the browser downloads; the Node build for prerendering is never served.
    { ...precompress(), applyToEnvironment: (environment) => environment.name === 'client' },
  ],
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}` },
    },
  },
  // Whether the app can load the Stately inspector (src/inspector.ts): under `npm run dev` and in
  // the QA build only. A literal `false` lets the production build drop the import altogether.
  define: {
    'import.meta.env.STATELY_INSPECTOR': JSON.stringify(command === 'serve' || mode === QA_MODE),
  },
  build: {
    // Apart, so a QA build never lands where `npm start` serves production from by default.
    outDir: mode === QA_MODE ? QA_OUT_DIR : 'dist',
    emptyOutDir: true,
    // Read by the prerender step to find each public page's route chunks and styles.
    manifest: true,
  },
  // `vite build` also renders the public pages to HTML (build/prerender-plugin.ts), so their
  // first paint waits for no JavaScript (issue 4, Lighthouse).
  environments: {
    // Node renders the pages, where no inspector (a browser window) exists.
    ssr: {
      ...prerenderEnvironment('src/prerender.tsx'),
      define: { 'import.meta.env.STATELY_INSPECTOR': 'false' },
    },
  },
  builder: prerenderBuilder,
}));
