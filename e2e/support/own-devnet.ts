/**
 * A devnet of the spec's own, for specs that pause, kill and restart the exchange: the devnet every
 * other spec shares (Playwright's webServer) is never touched. The built app's service URLs are fixed
 * at build time (and pinned by its CSP), so the page is pointed at this devnet by routing: every HTTP
 * request to the shared devnet's four ports is fetched from this one instead, and the stream relay
 * (stream-relay.ts) sends this test's two stream sockets to it, wherever the app opens them (a Web
 * Worker's socket is out of the page's routes). To the page nothing differs, except that the
 * exchange behind it can be frozen (SIGSTOP), killed (SIGKILL) and started again on the same data dir.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { PORTS } from './ports';
import { relayFor } from './relay-control';

/**
 * 450 above the run's shared devnet (7650 under playwright.config, 7850 under the alt-ports config on
 * 7400), so two runs on different ports never collide; clear of npm start (7100), the bench
 * (7500–7620) and devnet/npm-start.test.ts (7660).
 */
export const OWN_BASE = PORTS.base + 450;
export const OWN = `http://127.0.0.1:${OWN_BASE}`;
const DATA_DIR = `.tmp/e2e-own-devnet-${OWN_BASE}`;

export interface OwnDevnet {
  readonly pid: number;
  /** Freezes the exchange: its sockets stay open, nothing answers (a hung service). */
  pause(): void;
  resume(): void;
  /** Kills it with SIGKILL: every socket drops, nothing answers until restart(). */
  kill(): Promise<void>;
  /** Starts it again on the same data dir (every acknowledged command is kept). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => child.once('exit', () => r()));
}

/** How the own devnet runs, besides its fixed ports, data dir and no chain. */
export interface OwnDevnetOptions {
  /** The built-in market makers and background flow (devnet/main.ts `--no-makers` when false). Default true. */
  makers?: boolean;
}

function launch(reset: boolean, options: OwnDevnetOptions): Promise<ChildProcess> {
  const args = ['--import', 'tsx', 'devnet/main.ts', '--data-dir', DATA_DIR, '--no-chain', '--no-rate-limit', '--base-port', String(OWN_BASE)];
  if (options.makers === false) args.push('--no-makers');
  const child = spawn(process.execPath, reset ? [...args, '--reset'] : args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('[devnet] ready')) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`own devnet exited (${code}) before ready:\n${out.slice(-2000)}`)));
  });
}

/** Starts the own devnet clean; `{ makers: false }` leaves its books to what traders rest (restarts too). */
export async function startOwnDevnet(options: OwnDevnetOptions = {}): Promise<OwnDevnet> {
  let child = await launch(true, options);
  let paused = false;
  const devnet: OwnDevnet = {
    get pid() {
      return child.pid!;
    },
    pause() {
      child.kill('SIGSTOP');
      paused = true;
    },
    resume() {
      child.kill('SIGCONT');
      paused = false;
    },
    async kill() {
      child.kill('SIGKILL');
      paused = false;
      await exited(child);
    },
    async restart() {
      child = await launch(false, options);
    },
    async stop() {
      if (paused) child.kill('SIGCONT');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited(child);
      clearTimeout(timer);
      rmSync(DATA_DIR, { recursive: true, force: true });
    },
  };
  return devnet;
}

const sharedPort = new RegExp(`^https?://127\\.0\\.0\\.1:(${PORTS.base}|${PORTS.base + 1}|${PORTS.base + 2}|${PORTS.base + 3})/`);
const ownUrl = (url: string) => url.replace(/^(https?):\/\/127\.0\.0\.1:(\d+)/, (_m, scheme: string, port: string) => `${scheme}://127.0.0.1:${OWN_BASE + Number(port) - PORTS.base}`);

/** Points the page at the own devnet: HTTP to the shared devnet's ports and both streams go there. */
export async function routeToOwnDevnet(page: Page) {
  await page.route(sharedPort, async (route) => {
    try {
      const response = await route.fetch({ url: ownUrl(route.request().url()), timeout: 120_000, maxRedirects: 0 });
      await route.fulfill({ response });
    } catch {
      // The exchange is down (refused) or the page gave up on the request (its own timeout).
      await route.abort('connectionrefused').catch(() => undefined);
    }
  });
  const relay = await relayFor(page.context());
  await relay.target(`ws://127.0.0.1:${OWN_BASE}`);
}
