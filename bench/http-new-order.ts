import { createPrivateKey, randomUUID, sign, type KeyObject } from 'node:crypto';
import { Agent, request } from 'node:http';
import { createApiClient } from '../src/api/client';
import { sessionKeyFromSecret } from '../src/wallet/session-key';
import { evmWallet } from '../devnet/test-support/harness';
import { spawnDevnet } from './spawn-devnet';

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
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/**
 * `new_order` over real HTTP on loopback at a fixed arrival rate (open loop), signature verification
 * included: each request is signed by its trader's session key exactly as the app signs.
 */
export async function httpNewOrderLoad(targetRps = 2_000, seconds = 10, traders = 20): Promise<HttpLoadResult> {
  const devnet = await spawnDevnet(7500);
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
    const agent = new Agent({ keepAlive: true, maxSockets: 64 });
    const latencies: number[] = [];
    let sent = 0;
    let ok = 0;
    let errors = 0;
    const started = performance.now();
    const end = started + seconds * 1000;
    const inflight: Promise<void>[] = [];
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        const due = Math.floor(((now - started) / 1000) * targetRps) - sent;
        for (let i = 0; i < due; i++) {
          const acct = accounts[sent % accounts.length]!;
          const side = (sent >> 1) % 2 === 0 ? 'buy' : 'sell';
          const body = { symbol: 'BTC-USD', side, order_type: 'market', qty: '0.001', time_in_force: 'ioc', reduce_only: false };
          sent++;
          const t0 = performance.now();
          inflight.push(
            post(devnet.urls.baseUrl, '/api/new_order', body, acct, agent).then(
              (status) => {
                latencies.push(performance.now() - t0);
                if (status === 200) ok++;
                else errors++;
              },
              () => {
                errors++;
              },
            ),
          );
        }
        if (now < end) setImmediate(tick);
        else resolve();
      };
      tick();
    });
    await Promise.all(inflight);
    const elapsed = (performance.now() - started) / 1000;
    agent.destroy();
    const sorted = latencies.sort((a, b) => a - b);
    return {
      targetRps,
      seconds,
      sent,
      ok,
      errors,
      achievedRps: Math.round(ok / elapsed),
      p50Ms: +percentile(sorted, 50).toFixed(2),
      p99Ms: +percentile(sorted, 99).toFixed(2),
      maxMs: +(sorted.at(-1) ?? NaN).toFixed(2),
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

function post(baseUrl: string, path: string, body: unknown, acct: { token: string; key: KeyObject }, agent?: Agent): Promise<number> {
  const text = JSON.stringify(body);
  const id = randomUUID();
  const ts = Date.now();
  const signature = sign(null, Buffer.from(`v1,${id},${ts},${text}`), acct.key).toString('base64');
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          authorization: `Bearer ${acct.token}`,
          'x-request-sign-version': 'v1',
          'x-request-id': id,
          'x-request-timestamp': String(ts),
          'x-request-signature': signature,
        },
      },
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
