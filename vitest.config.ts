import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { linguiMacros } from './vite.config';

export default defineConfig({
  // The app's words, as in vite.config.ts: macros compiled, catalogues imported as modules.
  plugins: [linguiMacros(), lingui()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'devnet/**/*.test.ts', 'tools/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/testing/i18n-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
