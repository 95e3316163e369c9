import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { auditDataDir } from './audit';
import { createApiClient } from '../src/api/client';
import type { Credentials } from '../src/api/transport';
import { signBody } from '../src/api/signing';
import { createSessionKey } from '../src/wallet/session-key';
import { signIn } from '../src/wallet/sign-in';
import { DEVNET_SIGNIN } from './devnet';
import { bestPrice, evmWallet } from './test-support/harness';

const BASE_PORT = 17_300 + Math.floor(Math.random() * 500) * 4;
const urls = {
  baseUrl: `http://127.0.0.1:${BASE_PORT}`,
  authUrl: `http://127.0.0.1:${BASE_PORT + 1}`,
  bridgeUrl: `http://127.0.0.1:${BASE_PORT + 2}`,
  geoUrl: `http://127.0.0.1:${BASE_PORT + 3}`,
};
const dataDir = mkdtempSync(join(tmpdir(), 'devnet-restart-'));
let child: ChildProcess | null = null;

async function startProcess(): Promise<void> {
  child = spawn(process.execPath, ['--import', 'tsx', 'devnet/main.ts', '--data-dir', dataDir, '--base-port', String(BASE_PORT), '--no-rate-limit', '--no-chain'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('devnet did not start')), 30_000);
    child!.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('[devnet] ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child!.on('exit', (code) => reject(new Error(`devnet exited with ${code}`)));
  });
}

function kill9(): Promise<void> {
  return new Promise((resolve) => {
    child!.removeAllListeners('exit');
    child!.on('exit', () => resolve());
    child!.kill('SIGKILL');
  });
}

afterAll(async () => {
  if (child && child.exitCode === null) await kill9();
  // What the SIGKILLs left on disk passes the audit of named accounts.
  const report = auditDataDir(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  expect(report.problems).toEqual([]);
});

describe('the devnet keeps its state across SIGKILL', () => {
  it('loses no accepted order, fill or transfer, and doubles none', async () => {
    await startProcess();
    const wallet = evmWallet();
    const session = await signIn(createApiClient({ urls }), wallet, { expected: DEVNET_SIGNIN });
    const creds: Credentials = { token: session.token, signer: session.key };
    const api = createApiClient({ urls, getCredentials: () => creds });
    const faucet = await fetch(`${urls.baseUrl}/devnet/faucet`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ amount: '5000' }),
    });
    expect(faucet.status).toBe(200);
    await api.wallet.transferToPerps({ amount: '3000' });

    const bestBid = await bestPrice(api, 'ETH-USD', 'bid');
    // A burst: resting orders, a market fill and transfers, all acknowledged before the kill.
    const burst = [];
    for (let i = 0; i < 20; i++) {
      burst.push(
        api.trade.newOrder({
          symbol: 'ETH-USD',
          side: 'buy',
          order_type: 'limit',
          qty: '0.01',
          price: bestBid.mul('0.97').minus(i).toFixed(2),
          time_in_force: 'gtc',
          reduce_only: false,
          cl_ord_id: `burst-${i}`,
        }),
      );
    }
    burst.push(api.trade.newOrder({ symbol: 'ETH-USD', side: 'buy', order_type: 'market', qty: '0.1', time_in_force: 'ioc', reduce_only: false }));
    burst.push(api.wallet.transferToSpot({ amount: '100' }));
    await Promise.all(burst);
    // A signed transfer whose exact bytes an eavesdropper kept, to replay after the restart.
    const captured = { body: JSON.stringify({ amount: '1' }), headers: { authorization: `Bearer ${session.token}`, ...(await signBody(session.key, JSON.stringify({ amount: '1' }), Date.now())) } };
    const sendCaptured = () => fetch(`${urls.baseUrl}/api/transfer_to_perps`, { method: 'POST', headers: captured.headers, body: captured.body });
    expect((await sendCaptured()).status).toBe(200);

    const before = {
      open: (await api.user.queryOpenOrders()).result.map((o) => o.cl_ord_id).sort(),
      positions: (await api.user.queryPositions()).map((p) => [p.symbol, p.qty, p.entry_price]),
      trades: (await api.user.queryTrades()).result.map((t) => t.id),
      perps: (await api.user.queryBalance()).cross_balance,
      fundings: (await api.user.queryFundingHistory()).length,
    };
    expect(before.open).toHaveLength(20);
    expect(before.positions).toHaveLength(1);

    await kill9();
    await startProcess();

    const after = {
      open: (await api.user.queryOpenOrders()).result.map((o) => o.cl_ord_id).sort(),
      positions: (await api.user.queryPositions()).map((p) => [p.symbol, p.qty, p.entry_price]),
      trades: (await api.user.queryTrades()).result.map((t) => t.id),
      perps: (await api.user.queryBalance()).cross_balance,
      fundings: (await api.user.queryFundingHistory()).length,
    };
    expect(after.open).toEqual(before.open);
    expect(after.positions).toEqual(before.positions);
    expect(after.trades).toEqual(before.trades);
    // The wallet is unchanged, unless an hourly funding settled in between (then it is in the history).
    if (after.fundings === before.fundings) expect(after.perps).toBe(before.perps);
    // the token issued before the kill still works: keys survived too
    await expect(api.user.queryBalance()).resolves.toBeTruthy();
    // … and so did the used request ids: the captured transfer cannot be replayed after the restart.
    const replay = await sendCaptured();
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { message: string }).message).toMatch(/already used/);
    expect((await api.user.queryBalance()).cross_balance).toBe(after.perps);
  }, 90_000);
});

describe('used sign-in challenges survive a SIGKILL (issue #13 item 9)', () => {
  it('a captured login cannot be replayed after a restart', async () => {
    if (!child || child.exitCode !== null) await startProcess();
    const wallet = evmWallet();
    const { requestId } = await createSessionKey();
    const prep = await fetch(`${urls.authUrl}/v1/offchain/prepare-signin?chain=bsc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: wallet.address, requestId }),
    });
    const { signedData } = (await prep.json()) as { signedData: string };
    const claims = JSON.parse(Buffer.from(signedData.split('.')[1]!, 'base64url').toString()) as { message: string };
    // The exact login body an eavesdropper kept.
    const captured = JSON.stringify({ signature: await wallet.personalSign(claims.message), signedData });
    const login = () => fetch(`${urls.authUrl}/v1/offchain/login?chain=bsc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: captured });
    const first = await login();
    expect(first.status).toBe(200);
    expect(((await first.json()) as { token?: string }).token).toBeTruthy();

    await kill9();
    await startProcess();

    const replay = await login();
    const answer = (await replay.json()) as { token?: string; message?: string };
    expect(answer.token).toBeUndefined();
    expect(replay.status).toBe(401);
    expect(answer.message).toMatch(/already used/);
  }, 90_000);
});
