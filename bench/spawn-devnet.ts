import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SpawnedDevnet {
  pid: number;
  /** The devnet's stdout lines, with the wall-clock time (Date.now()) each arrived. */
  output: { at: number; line: string }[];
  urls: { baseUrl: string; authUrl: string; bridgeUrl: string; geoUrl: string };
  stop: () => Promise<void>;
}

/**
 * A devnet in its own process (so the load generator does not share its thread), no chain.
 * `nodeFlags` go to node itself (e.g. `--cpu-prof`, written when the devnet exits on SIGTERM).
 */
export async function spawnDevnet(basePort: number, extra: string[] = [], nodeFlags: string[] = []): Promise<SpawnedDevnet> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-devnet-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeFlags, '--import', 'tsx', 'devnet/main.ts', '--reset', '--data-dir', dataDir, '--base-port', String(basePort), '--no-chain', '--no-rate-limit', ...extra],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const output: SpawnedDevnet['output'] = [];
  child.stdout!.on('data', (d: Buffer) => {
    const at = Date.now();
    for (const line of d.toString().split('\n')) if (line.length > 0) output.push({ at, line });
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('devnet did not start')), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('[devnet] ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`devnet exited with ${code}`)));
  });
  const u = (p: number) => `http://127.0.0.1:${p}`;
  return {
    pid: child.pid!,
    output,
    urls: { baseUrl: u(basePort), authUrl: u(basePort + 1), bridgeUrl: u(basePort + 2), geoUrl: u(basePort + 3) },
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.on('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
