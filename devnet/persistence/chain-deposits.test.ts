/** Chain deposit credits and their reversals survive a restart, through the journal and through a snapshot. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Ledger } from './ledger';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const START = Date.parse('2026-01-01T00:00:00Z');
function open(dir: string): Ledger {
  const l = new Ledger({ startTime: START, seed: 3, makers: false }, () => START, dir);
  l.open();
  return l;
}
const origin = (block: number) => ({ txHash: `0x${'ab'.repeat(32)}`, block: String(block), blockHash: `0x${block.toString(16).padStart(64, '0')}` });

function scenario(l: Ledger) {
  expect(l.run({ op: 'deposit', user: 'bsc_0xaa', amount: '10', ref: 'c:g:tx1:0', chain: origin(5) }).ok).toBe(true);
  // Redelivery: nothing to apply, nothing journaled.
  expect(l.run({ op: 'deposit', user: 'bsc_0xaa', amount: '10', ref: 'c:g:tx1:0', chain: origin(5) }).ok).toBe(false);
  expect(l.run({ op: 'deposit', user: 'bsc_0xaa', amount: '4', ref: 'c:g:tx2:0', chain: origin(6) }).ok).toBe(true);
  expect(l.run({ op: 'withdrawRequest', record: record() }).ok).toBe(true); // locks 12 of the 14
  expect(l.run({ op: 'depositReversed', ref: 'c:g:tx1:0' }).ok).toBe(true); // 2 from cash, 8 owed
  expect(l.run({ op: 'depositReversed', ref: 'c:g:tx1:0' }).ok).toBe(false); // once
  expect(l.exchange.wallets('bsc_0xaa').cash).toMatchObject({ free: '0', locked: '12' });
}
function record() {
  return {
    id: 'wd_1', account: 'bsc_0xaa', nonce: 1, status: 'Pending' as const, fromAddr: 'bsc_0xaa', caller: '0xaa', token: 'DUSD', tokenAddr: '0xt',
    amount: '12', fee: '0.1', srcChain: 'bsc', dstChain: 'bsc', expiredAt: 0, chainId: 31337, contractAddress: '0xb', signature: '0x',
    dstTx: '', dstBlock: '0', createdAt: '', updatedAt: '',
  };
}
function after(l: Ledger) {
  expect(l.chainDeposits['c:g:tx1:0']).toMatchObject({ reversed: true, amount: '10', block: '5' });
  expect(l.chainDeposits['c:g:tx2:0']).toMatchObject({ reversed: false, amount: '4' });
  expect(l.exchange.wallets('bsc_0xaa').cash).toMatchObject({ free: '0', locked: '12' });
  // The deposit comes back (re-mined): it first repays the 8 owed.
  expect(l.run({ op: 'deposit', user: 'bsc_0xaa', amount: '10', ref: 'c:g:tx1:0', chain: origin(9) }).ok).toBe(true);
  expect(l.exchange.wallets('bsc_0xaa').cash.free).toBe('2');
  expect(l.chainDeposits['c:g:tx1:0']).toMatchObject({ reversed: false, block: '9' });
  expect(l.exchange.moneyInvariant().ok).toBe(true);
}

describe('ledger: chain deposits and reversals are durable', () => {
  it('through the journal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledger-chain-'));
    dirs.push(dir);
    const a = open(dir);
    scenario(a);
    const b = open(dir); // a "crash": the journal alone
    after(b);
  });

  it('through a snapshot', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledger-chain-'));
    dirs.push(dir);
    const a = open(dir);
    scenario(a);
    await a.close();
    after(open(dir));
  });
});
