import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { precompress } from './build/precompress-plugin.ts';
import { prerenderBuilder, prerenderEnvironment } from './build/prerender-plugin.ts';

const apiPort = process.env.API_PORT ?? '8080';

export default defineConfig({
  // The router plugin must run before react() so it can generate the route tree and split
  // route components before JSX is transformed.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by the prerender step to find each public page's route chunks and styles.
    manifest: true,
  },
  // `vite build` also renders the public pages to HTML (build/prerender-plugin.ts), so their
  // first paint waits for no JavaScript (issue 4, Lighthouse).
  environments: { ssr: prerenderEnvironment('src/prerender.tsx') },
  builder: prerenderBuilder,
});
