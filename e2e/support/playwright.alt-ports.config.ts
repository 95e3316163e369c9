/**
 * playwright.config.ts on other ports, for running the wallet specs while another e2e run holds
 * the default ones: `WALLET_E2E_BASE=7400 WALLET_E2E_CHAIN=8845 WALLET_E2E_APP=4373 npx playwright test -c e2e/support/playwright.alt-ports.config.ts wallet`.
 */
import { defineConfig } from '@playwright/test';
import base, { appEnvFor, streamRelayServer } from '../../playwright.config';
import { PORTS } from './ports';

const host = '127.0.0.1';

export default defineConfig({
  ...base,
  testDir: '..',
  use: { ...base.use, baseURL: `http://${host}:${PORTS.app}` },
  webServer: [
    {
      command: `npx tsx devnet/main.ts --reset --data-dir .tmp/e2e-devnet-${PORTS.base} --no-rate-limit --base-port ${PORTS.base} --chain-port ${PORTS.chain}`,
      url: `http://${host}:${PORTS.base}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      cwd: process.cwd(),
    },
    streamRelayServer(PORTS.base),
    {
      command: `npx vite build --outDir .tmp/dist-e2e-${PORTS.app} --logLevel warn && npx vite preview --outDir .tmp/dist-e2e-${PORTS.app} --port ${PORTS.app} --strictPort`,
      url: `http://${host}:${PORTS.app}`,
      env: appEnvFor(PORTS),
      reuseExistingServer: false,
      timeout: 90_000,
      cwd: process.cwd(),
    },
  ],
});
