import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The soak tests (issue 8): SIGKILL during bursts, chain node restarts, 50 clients for a minute.
 * Slow by design, so not part of `npx vitest run`; `bash scripts/test-soak.sh` runs them.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['devnet/soak/**/*.soak.test.ts'],
    environment: 'node',
    // One at a time: each one measures the devnet under its own load on a 2-core machine.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
