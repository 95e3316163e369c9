/**
 * Runs a Hardhat 2 node as a child process. The CLI script is started with our own `node`
 * binary (not through npx or a shell) so the PID we hold is the node itself and stop() ends
 * exactly that process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HARDHAT_MNEMONIC } from './accounts';

export const DEFAULT_PORT = 8545;
export const DEFAULT_CHAIN_ID = 31337;
const DEFAULT_HOST = '127.0.0.1';

export interface NodeOptions {
  port?: number;
  chainId?: number;
  hostname?: string;
  /** How long to wait for the RPC to answer after spawning; default 30 s. */
  startTimeoutMs?: number;
}

export interface ChainNode {
  rpcUrl: string;
  port: number;
  chainId: number;
  /** PID of the node process, when known (always for a node we started). */
  pid: number | undefined;
  /** True when an already running node was adopted instead of spawning one. */
  reused: boolean;
  stop(): Promise<void>;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HARDHAT_CLI = join(
  dirname(createRequire(import.meta.url).resolve('hardhat/package.json')),
  'internal/cli/bootstrap.js',
);

/**
 * PID file per port so a devnet restarted after SIGKILL can still stop the node its previous
 * life spawned (see connectOrStart).
 */
function pidFile(port: number): string {
  return join(tmpdir(), `perps-devnet-hardhat-${port}.pid`);
}

/** The node's stderr, e.g. `listen EADDRINUSE` or a config error. */
export function logFile(port: number): string {
  return join(tmpdir(), `perps-devnet-hardhat-${port}.log`);
}

/** The chain id the RPC at `rpcUrl` reports, or undefined if nothing answers. */
export async function probeChainId(rpcUrl: string, timeoutMs = 1000): Promise<number | undefined> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await res.json()) as { result?: string };
    return typeof body.result === 'string' ? Number(BigInt(body.result)) : undefined;
  } catch {
    return undefined;
  }
}

/** 1..2^40 wei: negligible money, enough entropy that two genesis states never coincide. */
function uniqueWei(): bigint {
  return (BigInt(`0x${randomBytes(5).toString('hex')}`) % (1n << 40n)) + 1n;
}

/** A throwaway config dir: the node must not compile, write artifacts or read the app's files. */
function writeConfig(chainId: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'perps-devnet-hardhat-'));
  const config = {
    networks: {
      hardhat: {
        chainId,
        mining: { auto: true, interval: 0 },
        // Like a real chain: a reverting transaction is mined and gets a failed receipt, instead
        // of hardhat's default of rejecting eth_sendRawTransaction. Calls still return revert data.
        throwOnTransactionFailures: false,
        // The devnet tells chains apart by genesis hash, and hardhat's genesis depends only on the
        // start second: a node restarted within it would pass for the old chain (a "reorg" instead
        // of a reset, deposit refs reused). A few random wei on top of the default 10 000 ETH make
        // every node's genesis state, hence its hash, its own; the keys stay hardhat's.
        accounts: { mnemonic: HARDHAT_MNEMONIC, count: 20, accountsBalance: String(10n ** 22n + uniqueWei()) },
      },
    },
    paths: { root: dir, sources: join(dir, 'contracts'), cache: join(dir, 'cache'), artifacts: join(dir, 'artifacts') },
  };
  writeFileSync(join(dir, 'hardhat.config.cjs'), `module.exports = ${JSON.stringify(config, null, 2)};\n`);
  return dir;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Spawns a fresh node and resolves once its RPC answers with the configured chain id. */
export async function startHardhatNode(options: NodeOptions = {}): Promise<ChainNode> {
  const port = options.port ?? DEFAULT_PORT;
  const chainId = options.chainId ?? DEFAULT_CHAIN_ID;
  const host = options.hostname ?? DEFAULT_HOST;
  const rpcUrl = `http://${host}:${port}`;
  if ((await probeChainId(rpcUrl)) !== undefined) {
    throw new Error(`Port ${port} already serves an RPC; use connectOrStart to reuse it or pick another port`);
  }

  const configDir = writeConfig(chainId);
  // No pipes to us: a node whose stdout is a pipe dies of EPIPE at its next log line once the
  // devnet is gone, and surviving a SIGKILLed devnet is the point of connectOrStart. stdout (one
  // line per RPC call) is discarded; stderr goes to a file so startup failures can be shown.
  const logPath = logFile(port);
  const logFd = openSync(logPath, 'w');
  const child = spawn(
    process.execPath,
    [HARDHAT_CLI, '--config', join(configDir, 'hardhat.config.cjs'), 'node', '--hostname', host, '--port', String(port)],
    {
      // Hardhat refuses to run (HH12) unless started inside the project that installed it.
      cwd: REPO_ROOT,
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', NO_COLOR: '1' },
      stdio: ['ignore', 'ignore', logFd],
    },
  );
  closeSync(logFd);
  const tail = () => {
    try {
      return readFileSync(logPath, 'utf8').slice(-4000);
    } catch {
      return '';
    }
  };

  const cleanup = () => {
    rmSync(configDir, { recursive: true, force: true });
    rmSync(logPath, { force: true });
    try {
      if (readFileSync(pidFile(port), 'utf8').trim() === String(child.pid)) unlinkSync(pidFile(port));
    } catch {
      // No PID file, or another node's: leave it.
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 5000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5000);
      }
    }
    cleanup();
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      cleanup();
      throw new Error(`hardhat node exited before answering on ${rpcUrl}:\n${tail()}`);
    }
    const answered = await probeChainId(rpcUrl, 500);
    if (answered === chainId) break;
    if (answered !== undefined) {
      await stop();
      throw new Error(`${rpcUrl} answered chain id ${answered}, expected ${chainId}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`hardhat node did not answer on ${rpcUrl} in time:\n${tail()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // Hardhat reads its config only at startup; removing it now leaves nothing behind on SIGKILL.
  rmSync(configDir, { recursive: true, force: true });
  if (child.pid !== undefined) writeFileSync(pidFile(port), String(child.pid));
  return { rpcUrl, port, chainId, pid: child.pid, reused: false, stop };
}

/**
 * The PID recorded for `port`, if that process is still a hardhat node on that port. Checking
 * the command line guards against a recycled PID now belonging to an unrelated process.
 */
function recordedNodePid(port: number): number | undefined {
  try {
    const pid = Number(readFileSync(pidFile(port), 'utf8').trim());
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const isOurs = cmdline.includes(HARDHAT_CLI) && cmdline[cmdline.indexOf('--port') + 1] === String(port);
    return isOurs ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function killPid(pid: number): Promise<void> {
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    if (!isAlive(pid)) return;
    process.kill(pid, signal);
    for (let i = 0; i < 50 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Adopts a node already answering on the port (typically left running when the devnet was
 * SIGKILLed) when `verify` says 'reuse'; spawns a new one if nothing answers. On 'replace' (the
 * running chain is unusable, e.g. contracts from older sources) the old node is stopped and a
 * fresh one started, but only if our PID file proves we spawned it: a node someone else runs
 * is never killed, that is an error instead. stop() on an adopted node likewise ends it only
 * when the PID file proves it is ours.
 */
export async function connectOrStart(
  options: NodeOptions & { verify?: (rpcUrl: string) => Promise<'reuse' | 'replace'> } = {},
): Promise<ChainNode> {
  const port = options.port ?? DEFAULT_PORT;
  const chainId = options.chainId ?? DEFAULT_CHAIN_ID;
  const rpcUrl = `http://${options.hostname ?? DEFAULT_HOST}:${port}`;
  const answered = await probeChainId(rpcUrl);
  if (answered === undefined) return startHardhatNode(options);
  const pid = recordedNodePid(port);
  const verdict = answered !== chainId ? 'replace' : ((await options.verify?.(rpcUrl)) ?? 'reuse');
  if (verdict === 'replace') {
    if (pid === undefined) {
      throw new Error(
        `${rpcUrl} already serves a chain (id ${answered}) that is not a current devnet chain and was not ` +
          `started by the devnet; stop it or pick another port`,
      );
    }
    await killPid(pid);
    rmSync(pidFile(port), { force: true });
    return startHardhatNode(options);
  }
  return {
    rpcUrl,
    port,
    chainId,
    pid,
    reused: true,
    stop: async () => {
      if (pid === undefined) return;
      await killPid(pid);
      rmSync(pidFile(port), { force: true });
      rmSync(logFile(port), { force: true });
    },
  };
}
