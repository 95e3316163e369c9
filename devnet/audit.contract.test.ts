import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLedger } from './audit';
import { bestPrice, fund, signedInTrader, startTestDevnet } from './test-support/harness';

/** `npm run devnet -- --audit DIR`, as an operator runs it. */
function auditCli(dir: string): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'devnet/main.ts', '--audit', dir], { encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('npm run devnet -- --audit DIR', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'devnet-audit-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('holds on a data dir after trading, and names what is wrong in one that was tampered with', async () => {
    const devnet = await startTestDevnet({ dataDir });
    const alice = await signedInTrader(devnet);
    const bob = await signedInTrader(devnet);
    await fund(devnet, alice, '50000', '40000');
    await fund(devnet, bob, '50000', '40000');
    const ask = await bestPrice(alice.api, 'BTC-USD', 'ask');
    await alice.api.trade.newOrder({ symbol: 'BTC-USD', side: 'buy', order_type: 'market', qty: '0.2', time_in_force: 'ioc', reduce_only: false });
    await bob.api.trade.newOrder({ symbol: 'BTC-USD', side: 'sell', order_type: 'limit', qty: '0.1', price: ask.plus(500).toFixed(1), time_in_force: 'gtc', reduce_only: false });
    await alice.api.wallet.transferToSpot({ amount: '100' });
    expect(auditLedger(devnet.ledger)).toMatchObject({ ok: true, problems: [] });
    await devnet.close();

    const clean = auditCli(dataDir);
    expect(clean.out).toContain('audit ok');
    expect(clean.status).toBe(0);

    // One DUSD of fees that no trade paid: the named accounts no longer add up to the deposits.
    const snap = join(dataDir, 'snapshot.json');
    const text = readFileSync(snap, 'utf8');
    const tampered = text.replace(/"fees":\{"\$b":"(\d+)"\}/, (_m, fees: string) => `"fees":{"$b":"${BigInt(fees) + 10n ** 18n}"}`);
    expect(tampered).not.toBe(text);
    writeFileSync(snap, tampered);
    const broken = auditCli(dataDir);
    expect(broken.status).toBe(1);
    expect(broken.out).toContain('audit FAILED');
    expect(broken.out).toMatch(/Σ held .* ≠ deposits − withdrawals/);
  }, 120_000);
});
