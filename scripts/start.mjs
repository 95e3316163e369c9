// The one command that starts everything: the devnet (services, streams, chain) and the app.
//
// The devnet is kept running: when it dies on its own (a crash, an OOM kill, `kill -9`), this says
// so and starts it again with backoff. Its data dir keeps every acknowledged command, and the new
// devnet adopts the chain node the old one left running (devnet/chain/node.ts connectOrStart), so
// balances and the indexer cursor carry over. When this command ends — Ctrl-C, the app exiting, or
// the devnet failing to come back — it also ends that chain node, so no Hardhat process is orphaned.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const extra = process.argv.slice(2);
const argValue = (name, fallback) => {
  const i = extra.indexOf(`--${name}`);
  return i >= 0 && extra[i + 1] ? extra[i + 1] : fallback;
};
const chainPort = argValue('chain-port', '8545');
/** The app's port; PERPS_APP_PORT moves it (devnet/npm-start.test.ts runs this beside a developer's). */
const appPort = process.env.PERPS_APP_PORT ?? '5173';
const noChain = extra.includes('--no-chain');
/** Restart delays: 1 s doubling to 30 s; a devnet that stayed up a minute starts the count again. */
const RESTART_MS = (n) => Math.min(30_000, 1_000 * 2 ** n);
const STABLE_MS = 60_000;
/** Quick deaths in a row before giving up (the devnet cannot start: a taken port, a broken data dir). */
const MAX_QUICK_DEATHS = 6;

let stopping = false;
const children = new Set();

function pipeLines(child, name) {
  const prefix = (line) => (line.startsWith(`[${name}]`) ? line : `[${name}] ${line}`);
  for (const stream of [child.stdout, child.stderr]) {
    let buf = '';
    stream.on('data', (d) => {
      buf += d.toString();
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const l of lines) if (l.trim()) console.log(prefix(l));
    });
  }
  return prefix;
}

function spawnChild(name, cmd, args) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return { child, prefix: pipeLines(child, name) };
}

let quickDeaths = 0;
function startDevnet() {
  const startedAt = Date.now();
  const { child, prefix } = spawnChild('devnet', process.execPath, ['--import', 'tsx', 'devnet/main.ts', ...extra]);
  // The URL goes out once the devnet says it is ready, so the first page load finds live data.
  child.stdout.on('data', (d) => {
    if (!stopping && d.toString().includes('[devnet] ready')) {
      console.log(`\n  Ready: open http://127.0.0.1:${appPort} — the app talks to the local devnet.\n`);
    }
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
    quickDeaths = Date.now() - startedAt >= STABLE_MS ? 0 : quickDeaths + 1;
    if (quickDeaths >= MAX_QUICK_DEATHS) {
      console.log(prefix(`${how}; it died ${quickDeaths} times in a row without staying up, giving up`));
      void shutdown(1);
      return;
    }
    const delay = RESTART_MS(quickDeaths - 1);
    console.log(prefix(`${how} — restarting in ${delay / 1000} s (its data dir keeps every acknowledged command; the app reconnects by itself)`));
    setTimeout(() => {
      if (!stopping) startDevnet();
    }, delay);
  });
}

/**
 * The chain node a devnet spawned, from the PID file it keeps per port, if that process still is a
 * Hardhat node on that port (a recycled PID is left alone).
 */
function chainNodePid() {
  if (noChain) return undefined;
  try {
    const pid = Number(readFileSync(join(tmpdir(), `perps-devnet-hardhat-${chainPort}.pid`), 'utf8').trim());
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return cmdline.some((a) => a.includes('hardhat')) && cmdline[cmdline.indexOf('--port') + 1] === chainPort ? pid : undefined;
  } catch {
    return undefined;
  }
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  // A devnet that gets SIGTERM stops its chain node itself; one that died (or will not stop) leaves
  // it running, so it is ended here.
  for (let i = 0; i < 30 && children.size > 0; i++) await sleep(100);
  for (const c of children) c.kill('SIGKILL');
  const pid = chainNodePid();
  if (pid !== undefined) {
    process.kill(pid, 'SIGTERM');
    for (let i = 0; i < 30 && alive(pid); i++) await sleep(100);
    if (alive(pid)) process.kill(pid, 'SIGKILL');
    rmSync(join(tmpdir(), `perps-devnet-hardhat-${chainPort}.pid`), { force: true });
    console.log(`[devnet] stopped the chain node it left running (pid ${pid})`);
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

startDevnet();
const app = spawnChild('app', process.execPath, ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1', '--port', appPort, '--strictPort']);
app.child.on('exit', (code) => {
  console.log(app.prefix(`exited with ${code}`));
  void shutdown(code ?? 1);
});
