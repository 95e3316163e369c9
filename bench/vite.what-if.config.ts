import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * Figure 1 "what-if": the app exactly as shipped plus the three changes the storm profile points at,
 * applied at build time to a bench-only copy (the sources are not touched):
 * 1. react-query notifies in a microtask instead of `setTimeout(0)` (bench/pages/app-what-if.ts), so a
 *    cache write made in the stream's rAF flush is rendered and painted in that same frame;
 * 2. `formatClock` uses one cached Intl.DateTimeFormat instead of `toLocaleTimeString` per call;
 * 3. recent-trade rows keep their React key when newer trades are prepended (no index in the key),
 *    so a frame inserts the new rows instead of re-creating all 100.
 * Each patch throws when its source no longer matches, so a stale what-if cannot pass silently.
 */
function patch(file: string, from: string, to: string): Plugin {
  return {
    name: `bench-what-if:${file}`,
    enforce: 'pre',
    transform(code, id) {
      if (!id.split('?')[0]!.endsWith(file)) return null;
      if (!code.includes(from)) throw new Error(`what-if patch for ${file} no longer applies (source changed)`);
      return { code: code.replace(from, to), map: null };
    },
  };
}

export default defineConfig({
  root: resolve(import.meta.dirname, '..'),
  plugins: [
    patch(
      'src/lib/time.ts',
      'd.toLocaleTimeString(undefined, { hour12: false })',
      "(CLOCK ??= new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })).format(d)",
    ),
    patch('src/lib/time.ts', '/** Local wall-clock', 'let CLOCK: Intl.DateTimeFormat | undefined; /** Local wall-clock'),
    patch('src/features/recent-trades/recent-trades.tsx', 'key={`${t.time}-${t.price}-${t.qty}-${i}`}', 'key={`${t.time}-${t.price}-${t.qty}`}'),
    react(),
    tailwindcss(),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    outDir: resolve(import.meta.dirname, '.out/app-what-if'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    rollupOptions: { input: { whatif: resolve(import.meta.dirname, 'pages/app-what-if.html') } },
  },
});
