import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` (scripts/start.mjs) with a devnet that dies under it: it must say so, bring it back on
// the same data dir with the same chain node, and leave no chain node behind when it ends (issue 18
// #8). Ports of its own, so a developer's `npm start` and the e2e runs are never touched.
const BASE = 7660;
const CHAIN = 9065;
const APP = 4399;

let start: ChildProcess | null = null;
let log = '';
const dataDir = mkdtempSync(join(tmpdir(), 'npm-start-test-'));

afterAll(() => {
  if (start && start.exitCode === null) start.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, ok: () => boolean, timeoutMs = 60_000) {
  for (const deadline = Date.now() + timeoutMs; !ok(); await sleep(100)) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen; npm start said:\n${log.slice(-3000)}`);
  }
}
const count = (text: string) => log.split(text).length - 1;
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** The devnet start.mjs runs now: its child whose command line names devnet/main.ts. */
function devnetPid(parent: number): number {
  for (const entry of readFileSync(`/proc/${parent}/task/${parent}/children`, 'utf8').trim().split(/\s+/)) {
    const pid = Number(entry);
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('devnet/main.ts')) return pid;
    } catch {
      // gone meanwhile
    }
  }
  throw new Error('no devnet child');
}
const chainPid = () => Number(readFileSync(join(tmpdir(), `perps-devnet-hardhat-${CHAIN}.pid`), 'utf8').trim());

describe('npm start keeps the devnet alive and leaves no chain node behind', () => {
  it('a SIGKILLed devnet is reported and restarted on the same chain node; stopping ends that node too', async () => {
    start = spawn(process.execPath, ['scripts/start.mjs', '--base-port', String(BASE), '--chain-port', String(CHAIN), '--data-dir', dataDir, '--no-rate-limit'], {
      env: { ...process.env, PERPS_APP_PORT: String(APP) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    start.stdout!.on('data', (d: Buffer) => (log += d.toString()));
    start.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    await until('the first ready', () => count('Ready: open') === 1);
    const chain = chainPid();

    process.kill(devnetPid(start.pid!), 'SIGKILL');
    await until('the restart', () => count('Ready: open') === 2);
    expect(log).toContain('[devnet] was killed (SIGKILL) — restarting in 1 s');
    expect(log).toContain('reused running node'); // the same chain: balances and the indexer cursor carry over
    expect(chainPid()).toBe(chain);
    expect(await listening(BASE)).toBe(true);

    // The devnet dies again and npm start is stopped before it comes back: nothing may stay behind.
    process.kill(devnetPid(start.pid!), 'SIGKILL');
    await until('the second death', () => count('was killed (SIGKILL)') === 2);
    start.kill('SIGTERM');
    await until('npm start to end', () => start!.exitCode !== null, 15_000);
    expect(alive(chain)).toBe(false);
    expect(await listening(CHAIN)).toBe(false);
    expect(await listening(BASE)).toBe(false);
    expect(await listening(APP)).toBe(false);
  }, 90_000);
});
