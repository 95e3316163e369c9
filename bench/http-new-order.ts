import { createPrivateKey, randomUUID, sign, type KeyObject } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createApiClient } from '../src/api/client';
import { sessionKeyFromSecret } from '../src/wallet/session-key';
import { evmWallet } from '../devnet/test-support/harness';
import { RawHttpPool } from './lib/raw-http';
import { percentile } from './lib/stats';
import { spawnDevnet, type SpawnedDevnet } from './spawn-devnet';

export interface HttpLoadResult {
  targetRps: number;
  seconds: number;
  sent: number;
  ok: number;
  errors: number;
  achievedRps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Requests slower than 10 ms. */
  over10Ms: number;
  /** The worst second of the run (by p99) and when it was (s after start). */
  worstSecond: { at: number; p99Ms: number; maxMs: number; n: number };
  /** p99 of each second of the run (diagnosis: one stall, or the steady state?). */
  p99BySecondMs: number[];
  /** Devnet process CPU during the load (user+sys), per request and in % of one core. */
  devnetCpuUsPerRequest: number;
  devnetCpuPct: number;
  /** Of that, the devnet's main (request) thread alone: the snapshot worker and GC helpers are other threads. */
  devnetMainThreadCpuUsPerRequest: number;
  /** Load generator CPU (this process) in % of one core. */
  generatorCpuPct: number;
  /**
   * The devnet's snapshots that began inside the measured window: the second they began in (s after
   * the start, as p99BySecondMs counts) and the devnet's own line about it. None = the window never
   * paid for a snapshot, and the p99 says nothing about one.
   */
  snapshotsInWindow: { second: number; line: string }[];
  /**
   * The devnet's CPU over the window by thread, µs per request: the request thread, the snapshot
   * worker (the one thread at nice 10) and the rest (V8's GC and compiler helper threads, which
   * serve every isolate of the process, the worker's too, and libuv's pool).
   */
  devnetCpuByThreadUsPerRequest: { main: number; snapshotWorker: number; other: number };
  /** Each thread of the devnet with its nice value, as /proc shows them (is the worker really niced?). */
  devnetThreadNice: { tid: number; nice: number }[];
}

export interface LoadHooks {
  basePort?: number;
  nodeFlags?: string[];
  /** Unrecorded load at the same rate before the measured seconds (default 2). */
  warmupSeconds?: number;
  /** Called with the running devnet right before / after the measured load (e.g. to profile it). */
  beforeLoad?: (devnet: SpawnedDevnet) => Promise<void>;
  afterLoad?: (devnet: SpawnedDevnet) => Promise<void>;
}

/** Every thread of a process: user+system CPU in ms and nice value, from /proc (Linux). */
function procThreads(pid: number): Map<number, { cpuMs: number; nice: number }> {
  const out = new Map<number, { cpuMs: number; nice: number }>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        const f = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        out.set(Number(tid), { cpuMs: ((Number(f[11]) + Number(f[12])) * 1000) / 100, nice: Number(f[16]) });
      } catch {
        // the thread ended meanwhile
      }
    }
  } catch {
    // not Linux
  }
  return out;
}

/** user+system CPU of a process (or with `tid`, of one of its threads) in ms, from /proc (Linux). */
function procCpuMs(pid: number, tid?: number): number {
  try {
    const fields = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return NaN;
  }
}


/**
 * `new_order` over real HTTP on loopback at a fixed arrival rate (open loop), signature verification
 * included: each request is signed by its trader's session key exactly as the app signs.
 */
export async function httpNewOrderLoad(
  targetRps = 2_000,
  seconds = 10,
  traders = 20,
  opts: LoadHooks = {},
): Promise<HttpLoadResult> {
  const devnet = await spawnDevnet(opts.basePort ?? 7500, [], opts.nodeFlags ?? []);
  try {
    const bare = createApiClient({ urls: devnet.urls });
    const accounts: { token: string; key: KeyObject }[] = [];
    for (let i = 0; i < traders; i++) {
      // A session key whose secret we hold, so node:crypto signs natively at load.
      const secret = crypto.getRandomValues(new Uint8Array(32));
      const s2 = await signInWithKey(bare, sessionKeyFromSecret(secret).requestId, secret);
      accounts.push(s2);
      await fetch(`${devnet.urls.baseUrl}/devnet/faucet`, { method: 'POST', headers: { authorization: `Bearer ${s2.token}` }, body: '{"amount":"1000000"}' });
      await post(devnet.urls.baseUrl, '/api/transfer_to_perps', { amount: '1000000' }, s2);
    }
    const url = new URL(devnet.urls.baseUrl);
    const pool = await RawHttpPool.open(url.hostname, Number(url.port), 64);
    let built = 0;
    /**
     * Open loop: `targetRps` arrivals per second whatever the replies do; `record` false = warm-up.
     * The requests are built and signed before the window (the devnet accepts a timestamp up to
     * 30 s old), so the generator spends its CPU on sending, not on signing.
     */
    const build = (secs: number): Buffer[] => {
      const requests: Buffer[] = [];
      for (let i = 0; i < Math.ceil(secs * targetRps) + 50; i++, built++) {
        const acct = accounts[built % accounts.length]!;
        const side = (built >> 1) % 2 === 0 ? 'buy' : 'sell';
        const body = { symbol: 'BTC-USD', side, order_type: 'market', qty: '0.001', time_in_force: 'ioc', reduce_only: false };
        requests.push(signedRequest(url.host, '/api/new_order', body, acct));
      }
      return requests;
    };
    const openLoop = (requests: Buffer[], secs: number, record: boolean) => {
      const latencies: number[] = [];
      const sentAt: number[] = [];
      const counts = { sent: 0, ok: 0, errors: 0 };
      const started = performance.now();
      const end = started + secs * 1000;
      const inflight: Promise<void>[] = [];
      const done = new Promise<void>((resolve) => {
        const tick = () => {
          const now = performance.now();
          const due = Math.min(Math.floor(((now - started) / 1000) * targetRps), requests.length) - counts.sent;
          for (let i = 0; i < due; i++) {
            const request = requests[counts.sent]!;
            counts.sent++;
            const t0 = performance.now();
            inflight.push(
              pool.send(request).then(
                (status) => {
                  if (!record) return;
                  latencies.push(performance.now() - t0);
                  sentAt.push(t0 - started);
                  if (status === 200) counts.ok++;
                  else counts.errors++;
                },
                () => {
                  counts.errors++;
                },
              ),
            );
          }
          // 1-ms pacing, not a setImmediate spin: on a 2-core box a spinning generator steals the devnet's core.
          if (now < end) setTimeout(tick, 1);
          else resolve();
        };
        tick();
      });
      return { latencies, sentAt, counts, started, done: done.then(() => Promise.all(inflight)) };
    };
    // Both request sets are signed before the warm-up, so the measured window follows the warm-up
    // at once: signing the window's 20,000 requests between them left the devnet idle for a second
    // and the generator collecting garbage in the window's first second.
    const warmSeconds = opts.warmupSeconds ?? 2;
    const warmRequests = build(warmSeconds);
    const windowRequests = build(seconds);
    // Warm-up at the same rate (JIT, keep-alive sockets), not recorded.
    await openLoop(warmRequests, warmSeconds, false).done;
    await opts.beforeLoad?.(devnet);
    const cpu0 = procCpuMs(devnet.pid);
    const main0 = procCpuMs(devnet.pid, devnet.pid);
    const threads0 = procThreads(devnet.pid);
    const gen0 = process.cpuUsage();
    const run = openLoop(windowRequests, seconds, true);
    // The window's start in wall-clock time (the devnet's lines are stamped with Date.now()).
    const wallStart = Date.now() - (performance.now() - run.started);
    await run.done;
    const { latencies, sentAt, started } = run;
    const { ok, errors } = run.counts;
    const elapsed = (performance.now() - started) / 1000;
    const cpuMs = procCpuMs(devnet.pid) - cpu0;
    const mainMs = procCpuMs(devnet.pid, devnet.pid) - main0;
    const threads1 = procThreads(devnet.pid);
    const gen = process.cpuUsage(gen0);
    const byThread = { main: 0, snapshotWorker: 0, other: 0 };
    for (const [tid, t] of threads1) {
      const used = t.cpuMs - (threads0.get(tid)?.cpuMs ?? 0);
      if (tid === devnet.pid) byThread.main += used;
      else if (t.nice > 0) byThread.snapshotWorker += used;
      else byThread.other += used;
    }
    const perRequest = (cpu: number) => +((cpu * 1000) / (ok + errors || 1)).toFixed(1);
    await opts.afterLoad?.(devnet);
    pool.close();
    // "snapshot at seq N durable (…): … ms on the request thread, T ms to durable": it began T ms
    // before the line arrived.
    const snapshotsInWindow = devnet.output.flatMap(({ at, line }) => {
      const m = /snapshot at seq \d+ durable .* (\d+) ms to durable/.exec(line);
      if (!m) return [];
      const began = (at - Number(m[1]) - wallStart) / 1000;
      return began >= 0 && began < seconds ? [{ second: Math.floor(began), line: line.replace(/^\[devnet\] /, '') }] : [];
    });
    // BENCH_THREADS=1: every thread's CPU, to tell the libuv pool (four equal threads: the ed25519
    // checks) from V8's helpers (four smaller ones) when the split above is not enough.
    if (process.env.BENCH_THREADS) for (const [tid, t] of threads1) console.error(`  thread ${tid} nice ${t.nice}: ${(t.cpuMs - (threads0.get(tid)?.cpuMs ?? 0)).toFixed(0)} ms`);
    console.error(`[http-new-order] devnet CPU per request by thread: main ${perRequest(byThread.main)} µs, snapshot worker ${perRequest(byThread.snapshotWorker)} µs, other threads ${perRequest(byThread.other)} µs`);
    for (const s of snapshotsInWindow) console.error(`[http-new-order] snapshot in the window at second ${s.second}: ${s.line}`);
    if (snapshotsInWindow.length === 0) console.error('[http-new-order] no snapshot began inside the measured window');
    const bySecond = new Map<number, number[]>();
    latencies.forEach((l, i) => {
      const sec = Math.floor(sentAt[i]! / 1000);
      if (!bySecond.has(sec)) bySecond.set(sec, []);
      bySecond.get(sec)!.push(l);
    });
    let worstSecond = { at: 0, p99Ms: 0, maxMs: 0, n: 0 };
    for (const [sec, ls] of bySecond) {
      const s2 = ls.sort((a, b) => a - b);
      const p99 = percentile(s2, 99);
      if (p99 > worstSecond.p99Ms) worstSecond = { at: sec, p99Ms: +p99.toFixed(2), maxMs: +(s2.at(-1) ?? 0).toFixed(2), n: s2.length };
    }
    const p99BySecondMs = [...bySecond.keys()].sort((a, b) => a - b).map((sec) => +percentile(bySecond.get(sec)!, 99).toFixed(2));
    const sorted = latencies.sort((a, b) => a - b);
    return {
      targetRps,
      seconds,
      sent: run.counts.sent,
      ok,
      errors,
      achievedRps: Math.round(ok / elapsed),
      p50Ms: +percentile(sorted, 50).toFixed(2),
      p99Ms: +percentile(sorted, 99).toFixed(2),
      maxMs: +(sorted.at(-1) ?? NaN).toFixed(2),
      over10Ms: sorted.filter((l) => l > 10).length,
      worstSecond,
      p99BySecondMs,
      devnetCpuUsPerRequest: +((cpuMs * 1000) / (ok + errors || 1)).toFixed(1),
      devnetCpuPct: +((100 * cpuMs) / (elapsed * 1000)).toFixed(1),
      devnetMainThreadCpuUsPerRequest: +((mainMs * 1000) / (ok + errors || 1)).toFixed(1),
      generatorCpuPct: +((100 * (gen.user + gen.system)) / 1000 / (elapsed * 1000)).toFixed(1),
      snapshotsInWindow,
      devnetCpuByThreadUsPerRequest: { main: perRequest(byThread.main), snapshotWorker: perRequest(byThread.snapshotWorker), other: perRequest(byThread.other) },
      devnetThreadNice: [...threads1].map(([tid, t]) => ({ tid, nice: t.nice })),
    };
  } finally {
    await devnet.stop();
  }
}

async function signInWithKey(bare: ReturnType<typeof createApiClient>, requestId: string, secret: Uint8Array) {
  const wallet = evmWallet();
  const prepared = await bare.auth.prepareSignin('bsc', { address: wallet.address, requestId });
  const claims = JSON.parse(Buffer.from(prepared.signedData.split('.')[1]!, 'base64url').toString()) as { message: string };
  const login = await bare.auth.login('bsc', { signature: await wallet.personalSign(claims.message), signedData: prepared.signedData });
  // PKCS#8 wrapping of a raw ed25519 seed, so node:crypto signs natively.
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(secret)]);
  return { token: login.token, key: createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }) };
}

type Trader = { token: string; key: KeyObject };

/** The headers the app sends with a signed command (spec §5.2), for this body. */
function signedHeaders(text: string, acct: Trader): Record<string, string> {
  const id = randomUUID();
  const ts = String(Date.now());
  return {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    authorization: `Bearer ${acct.token}`,
    'x-request-sign-version': 'v1',
    'x-request-id': id,
    'x-request-timestamp': ts,
    'x-request-signature': sign(null, Buffer.from(`v1,${id},${ts},${text}`), acct.key).toString('base64'),
  };
}

/** One signed command as bytes on the wire. */
function signedRequest(host: string, path: string, body: unknown, acct: Trader): Buffer {
  const text = JSON.stringify(body);
  const head = [`POST ${path} HTTP/1.1`, `host: ${host}`, ...Object.entries(signedHeaders(text, acct)).map(([k, v]) => `${k}: ${v}`)];
  return Buffer.from(`${head.join('\r\n')}\r\n\r\n${text}`);
}

function post(baseUrl: string, path: string, body: unknown, acct: Trader): Promise<number> {
  const text = JSON.stringify(body);
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: signedHeaders(text, acct) },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await httpNewOrderLoad(Number(process.argv[2] ?? 2000), Number(process.argv[3] ?? 10));
  console.log(JSON.stringify(r));
}
