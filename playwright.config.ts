import { fileURLToPath } from 'node:url';
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
const REPO_ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * The stream relay's port (e2e/support/stream-relay.ts), 10 above the devnet's base: clear of its
 * four ports (base … base+3) and of the own devnets specs start at base+450.
 */
export const relayPort = (base: number) => base + 10;

/**
 * The e2e app's configuration. Both streams go through the stream relay, so a test can cut or filter
 * them even where the socket lives in a Web Worker, out of `page.routeWebSocket`'s reach; the build's
 * CSP allows the relay because it is derived from these URLs.
 */
export function appEnvFor(ports: { base: number; chain: number }) {
  const relay = `ws://${host}:${relayPort(ports.base)}`;
  return {
    VITE_BASE_URL: `http://${host}:${ports.base}`,
    VITE_AUTH_URL: `http://${host}:${ports.base + 1}`,
    VITE_BRIDGE_URL: `http://${host}:${ports.base + 2}`,
    VITE_GEO_URL: `http://${host}:${ports.base + 3}`,
    VITE_STREAM_URL: `${relay}/ws-stream/v1`,
    VITE_ORDER_STREAM_URL: `${relay}/ws-api/v1`,
    VITE_EVM_RPC_URL: `http://${host}:${ports.chain}`,
    VITE_EVM_CHAIN_ID: '31337',
    VITE_DEVNET: 'true',
  };
}

/** The webServer entry of the stream relay in front of the devnet on `base`. */
export function streamRelayServer(base: number) {
  return {
    command: `npx tsx e2e/support/stream-relay-main.ts --port ${relayPort(base)} --target ws://${host}:${base}`,
    url: `http://${host}:${relayPort(base)}/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore' as const,
    cwd: REPO_ROOT,
  };
}

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
    // The app picks its language from the browser's on a first visit: the specs read English.
    locale: 'en-US',
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
    streamRelayServer(E2E.base),
    {
      command: `npx vite build --outDir dist-e2e --logLevel warn && npx vite preview --outDir dist-e2e --port ${E2E.app} --strictPort`,
      url: `http://${host}:${E2E.app}`,
      env: appEnvFor(E2E),
      reuseExistingServer: false,
      timeout: 90_000,
    },
  ],
});
