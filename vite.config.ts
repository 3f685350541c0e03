import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { precompress } from './build/precompress-plugin.ts';

const apiPort = process.env.API_PORT ?? '8080';

export default defineConfig({
  // The router plugin must run before react() so it can generate the route tree and split
  // route components before JSX is transformed.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    vanillaExtractPlugin(),
    precompress(),
  ],
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}` },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
