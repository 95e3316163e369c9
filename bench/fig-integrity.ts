// Figure 6: market integrity under issue #27's attacks 3 and 4 — what an unrelated request waits for.
// A devnet in its own process (bench/integrity-devnet.ts builds the attacks' state), and from here,
// over loopback only: `/api/health` probed back to back (one at a time, 5 ms apart) while
//  - quiet: nothing else runs (the deep book and the waiting triggers are already there);
//  - attack 3: 10 sockets each send `depth_book` subscribes for the deep ETH-USD book at the allowed
//    rate (50 a second, the per-socket budget), reading everything they are sent;
//  - attack 4: one `POST /devnet/mark` moves XAU-USD's index through the SL price all the parents'
//    children share, which fires them all.
// Budget (decisions.md "Any single request or tick keeps the event loop busy for at most 50 ms"):
// health p99 ≤ 50 ms and max ≤ 200 ms in each attack.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { WebSocket } from 'ws';
import type { IntegrityDevnetReady } from './integrity-devnet';

export interface HealthStats {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers other than 200 OK. */
  failed: number;
}

export interface IntegrityResult {
  setup: IntegrityDevnetReady;
  quiet: HealthStats;
  deepBook: HealthStats & { sockets: number; subscribesSent: number; snapshots: number; mbReceived: number; socketsClosed: number };
  triggerStorm: HealthStats & { markMs: number; markStatus: number };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function stats(lat: number[], failed: number): HealthStats {
  const s = [...lat].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
  return { samples: s.length, p50Ms: q(0.5), p99Ms: q(0.99), maxMs: s.at(-1) ?? 0, failed };
}

/** Probes `/api/health` one request at a time until `stop()`; returns the latencies. */
function probeHealth(baseUrl: string): { stop: () => Promise<HealthStats> } {
  const lat: number[] = [];
  let failed = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      try {
        const res = await fetch(`${baseUrl}/api/health`);
        await res.text();
        if (res.status !== 200) failed++;
      } catch {
        failed++;
      }
      lat.push(performance.now() - t);
      await sleep(5);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return stats(lat, failed);
    },
  };
}

function startDevnet(port: number): Promise<{ ready: IntegrityDevnetReady; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'integrity-devnet.ts'), String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error('the integrity devnet was not ready in 90 s')), 90_000);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"ready":true'));
      if (!line) return;
      clearTimeout(timer);
      done({
        ready: JSON.parse(line) as IntegrityDevnetReady,
        stop: () =>
          new Promise<void>((r) => {
            child.removeAllListeners('exit');
            child.once('exit', () => r());
            child.kill('SIGTERM');
          }),
      });
    });
    child.on('exit', (code) => fail(new Error(`the integrity devnet exited with ${code}`)));
  });
}

/** Attack 3: `sockets` sockets, each `perSecond` depth_book subscribes a second, for `seconds`. */
async function subscribeSpam(streamUrl: string, sockets: number, perSecond: number, seconds: number) {
  let snapshots = 0;
  let bytes = 0;
  let closed = 0;
  let sent = 0;
  const wss = await Promise.all(
    Array.from(
      { length: sockets },
      () =>
        new Promise<WebSocket>((ok, fail) => {
          const ws = new WebSocket(`${streamUrl}`);
          ws.on('message', (d: Buffer) => {
            bytes += d.length;
            if (d.includes('"channel":"depth_book"')) snapshots++;
          });
          ws.once('close', () => closed++);
          ws.once('open', () => ok(ws));
          ws.once('error', fail);
        }),
    ),
  );
  const msg = JSON.stringify({ subscribe: { channel: 'depth_book', symbol: 'ETH-USD' } });
  // perSecond/10 every 100 ms: the socket's token bucket (burst = rate) never runs dry.
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    for (const ws of wss) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      for (let k = 0; k < perSecond / 10; k++) ws.send(msg);
      sent += perSecond / 10;
    }
    await sleep(100);
  }
  for (const ws of wss) ws.close();
  return { sockets, subscribesSent: sent, snapshots, mbReceived: bytes / 1024 / 1024, socketsClosed: closed };
}

export async function integrityBench(port: number, log: (m: string) => void = () => undefined): Promise<IntegrityResult> {
  const { ready, stop } = await startDevnet(port);
  const baseUrl = `http://127.0.0.1:${port}`;
  const streamUrl = `ws://127.0.0.1:${port}/ws-stream/v1`;
  try {
    log(`figure 6: built ${ready.deepLevels.toLocaleString('en-US')} ETH-USD levels and ${ready.parents.toLocaleString('en-US')} filled parents with TP/SL in ${ready.setupMs} ms`);
    let p = probeHealth(baseUrl);
    await sleep(4000);
    const quiet = await p.stop();

    log('figure 6: attack 3, 10 sockets × 50 depth_book subscribes/s on the deep book, 10 s');
    p = probeHealth(baseUrl);
    const spam = await subscribeSpam(streamUrl, 10, 50, 10);
    const deepBook = { ...(await p.stop()), ...spam };

    log(`figure 6: attack 4, POST /devnet/mark XAU-USD ${ready.movePrice} through ${ready.parents.toLocaleString('en-US')} parents' SL ${ready.slPrice}`);
    p = probeHealth(baseUrl);
    await sleep(1000);
    const t = performance.now();
    const res = await fetch(`${baseUrl}/devnet/mark`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ symbol: 'XAU-USD', price: ready.movePrice }) });
    await res.text();
    const markMs = performance.now() - t;
    await sleep(4000);
    const triggerStorm = { ...(await p.stop()), markMs, markStatus: res.status };
    return { setup: ready, quiet, deepBook, triggerStorm };
  } finally {
    await stop();
  }
}
