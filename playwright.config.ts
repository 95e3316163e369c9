import { defineConfig } from '@playwright/test';

/** Browser tests in Debian's Chromium (never a downloaded browser) against the devnet. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Ports of their own, so the tests never collide with a devnet or app a developer keeps running. */
export const E2E = { base: 7200, chain: 8645, app: 4273 };
const host = '127.0.0.1';
const appEnv = {
  VITE_BASE_URL: `http://${host}:${E2E.base}`,
  VITE_AUTH_URL: `http://${host}:${E2E.base + 1}`,
  VITE_BRIDGE_URL: `http://${host}:${E2E.base + 2}`,
  VITE_GEO_URL: `http://${host}:${E2E.base + 3}`,
  VITE_STREAM_URL: `ws://${host}:${E2E.base}/ws-stream/v1`,
  VITE_ORDER_STREAM_URL: `ws://${host}:${E2E.base}/ws-api/v1`,
  VITE_EVM_RPC_URL: `http://${host}:${E2E.chain}`,
  VITE_EVM_CHAIN_ID: '31337',
  VITE_DEVNET: 'true',
};

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://${host}:${E2E.app}`,
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: [
    {
      command: `npx tsx devnet/main.ts --reset --data-dir .tmp/e2e-devnet --no-rate-limit --base-port ${E2E.base} --chain-port ${E2E.chain}`,
      url: `http://${host}:${E2E.base}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
    },
    {
      command: `npx vite build --outDir dist-e2e --logLevel warn && npx vite preview --outDir dist-e2e --port ${E2E.app} --strictPort`,
      url: `http://${host}:${E2E.app}`,
      env: appEnv,
      reuseExistingServer: false,
      timeout: 90_000,
    },
  ],
});
