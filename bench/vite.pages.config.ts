import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';
import { linguiMacros } from '../vite.config';

/**
 * Bench-only pages, built like the app (production mode, same plugins) from the repo root so
 * Tailwind sees the same sources: `bench/pages/naive-book.html` (the naive order-book peer) and
 * `bench/pages/chart.html` (the app's PriceChart on a 50,000-candle history).
 */
export default defineConfig({
  root: resolve(import.meta.dirname, '..'),
  // The app's words as the app has them: macros compiled, catalogues loaded (the chart is translated).
  plugins: [linguiMacros(), react(), lingui(), tailwindcss()],
  build: {
    target: 'es2022',
    sourcemap: true,
    outDir: resolve(import.meta.dirname, '.out/pages'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    rollupOptions: {
      input: {
        naive: resolve(import.meta.dirname, 'pages/naive-book.html'),
        chart: resolve(import.meta.dirname, 'pages/chart.html'),
      },
    },
  },
});
