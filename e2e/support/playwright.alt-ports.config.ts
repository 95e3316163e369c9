/**
 * playwright.config.ts on other ports, for running the wallet specs while another e2e run holds
 * the default ones: `WALLET_E2E_BASE=7400 WALLET_E2E_CHAIN=8845 WALLET_E2E_APP=4373 npx playwright test -c e2e/support/playwright.alt-ports.config.ts wallet`.
 */
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';
import { PORTS } from './ports';

const host = '127.0.0.1';
const env = {
  VITE_BASE_URL: `http://${host}:${PORTS.base}`,
  VITE_AUTH_URL: `http://${host}:${PORTS.base + 1}`,
  VITE_BRIDGE_URL: `http://${host}:${PORTS.base + 2}`,
  VITE_GEO_URL: `http://${host}:${PORTS.base + 3}`,
  VITE_STREAM_URL: `ws://${host}:${PORTS.base}/ws-stream/v1`,
  VITE_ORDER_STREAM_URL: `ws://${host}:${PORTS.base}/ws-api/v1`,
  VITE_EVM_RPC_URL: `http://${host}:${PORTS.chain}`,
  VITE_EVM_CHAIN_ID: '31337',
  VITE_DEVNET: 'true',
};

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
    {
      command: `npx vite build --outDir .tmp/dist-e2e-${PORTS.app} --logLevel warn && npx vite preview --outDir .tmp/dist-e2e-${PORTS.app} --port ${PORTS.app} --strictPort`,
      url: `http://${host}:${PORTS.app}`,
      env,
      reuseExistingServer: false,
      timeout: 90_000,
      cwd: process.cwd(),
    },
  ],
});
