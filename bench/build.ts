import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const OUT = resolve(import.meta.dirname, '.out');
export const APP_DIST = resolve(OUT, 'app');
/** The same build with only the market stream pointed at the bench storm server. */
export const STORM_APP_DIST = resolve(OUT, 'app-storm');
export const PAGES_DIST = resolve(OUT, 'pages');
const VITE = resolve(import.meta.dirname, '../node_modules/vite/bin/vite.js');

function run(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [VITE, ...args], { cwd: resolve(import.meta.dirname, '..'), env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`vite ${args.join(' ')} failed (${code}):\n${err}`))));
  });
}

/** The app's VITE_* settings for a devnet at `base` (no chain: nothing here touches it). */
export function appEnv(base: number): Record<string, string> {
  const h = '127.0.0.1';
  return {
    VITE_BASE_URL: `http://${h}:${base}`,
    VITE_AUTH_URL: `http://${h}:${base + 1}`,
    VITE_BRIDGE_URL: `http://${h}:${base + 2}`,
    VITE_GEO_URL: `http://${h}:${base + 3}`,
    VITE_STREAM_URL: `ws://${h}:${base}/ws-stream/v1`,
    VITE_ORDER_STREAM_URL: `ws://${h}:${base}/ws-api/v1`,
    VITE_EVM_RPC_URL: `http://${h}:${base + 9}`,
    VITE_EVM_CHAIN_ID: '31337',
    VITE_DEVNET: 'true',
  };
}

/**
 * The production build of the app (the repo's vite.config.ts, CSP included) pointed at the bench
 * devnet; `streamUrl` points the market stream elsewhere (its origin then is in the CSP too).
 */
export function buildApp(base: number, outDir = APP_DIST, streamUrl?: string): Promise<void> {
  return run(['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], { ...appEnv(base), ...(streamUrl ? { VITE_STREAM_URL: streamUrl } : {}) });
}

/** The bench-only pages (naive order book peer, chart page), production mode. */
export function buildPages(): Promise<void> {
  return run(['build', '--config', 'bench/vite.pages.config.ts', '--logLevel', 'error'], {});
}
