/**
 * Issue 8: the ledger loses nothing and doubles nothing whatever instant the process dies at —
 * including between writing a snapshot and emptying the journal it covers, and mid-append.
 */
import { appendFileSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Ledger, type Command } from './ledger';

const T0 = Date.UTC(2025, 0, 1);
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function freshDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'ledger-crash-'));
  dirs.push(d);
  return d;
}

let now = T0;
const clock = () => now;
const config = { startTime: T0, seed: 7, historyDays: 0 };

/** Some of everything: accounts, a deposit, transfers both ways, resting and filled orders, a cancel. */
function workload(l: Ledger, tag: string): void {
  const run = (c: Command) => {
    now += 250;
    const r = l.run(c);
    if (!r.ok) throw new Error(`${JSON.stringify(c)}: ${r.message}`);
  };
  const user = `bsc_0x${tag.padStart(40, '0')}`;
  run({ op: 'ensureAccount', user });
  run({ op: 'deposit', user, amount: '10000', ref: `dep-${tag}` });
  run({ op: 'transferToPerps', user, amount: '5000' });
  run({ op: 'advance' });
  const price = l.exchange.depthBook('BTC-USD');
  if (!price.ok) throw new Error('no book');
  const bid = Math.min(...price.value.bids.map(([p]) => Number(p)));
  run({ op: 'newOrder', user, params: { symbol: 'BTC-USD', side: 'buy', order_type: 'limit', qty: '0.01', price: (bid * 0.98).toFixed(1), time_in_force: 'gtc', reduce_only: false, cl_ord_id: `rest-${tag}` } });
  run({ op: 'newOrder', user, params: { symbol: 'BTC-USD', side: 'buy', order_type: 'market', qty: '0.01', time_in_force: 'ioc', reduce_only: false } });
  run({ op: 'transferToSpot', user, amount: '7' });
  run({ op: 'advance' });
  run({ op: 'cancelOrder', user, params: { cl_ord_id: `rest-${tag}` } });
  run({ op: 'transferToPerps', user, amount: '3' });
}

/** The observable state: every account's wallets, orders and positions, plus the money invariant. */
function stateOf(l: Ledger, users: string[]) {
  const inv = l.exchange.moneyInvariant();
  return {
    invariant: inv.ok ? 'ok' : inv.detail,
    ledger: l.exchange.ledger(),
    clock: l.exchange.now(),
    users: users.map((u) => ({
      wallets: l.exchange.wallets(u),
      orders: l.exchange.queryOrders(u, { limit: 500 }),
      positions: l.exchange.queryPositions(u),
      trades: l.exchange.queryTrades(u, { limit: 500 }),
    })),
  };
}
const users = ['a', 'b', 'c'].map((t) => `bsc_0x${t.padStart(40, '0')}`);

describe('ledger crash points', () => {
  it('a crash between writing the snapshot and emptying the journal replays nothing twice', () => {
    const dir = freshDir();
    now = T0;
    const l = new Ledger(config, clock, dir);
    l.open();
    workload(l, 'a');
    workload(l, 'b');
    const journal = join(dir, 'journal.log');
    const saved = readFileSync(journal);
    l.snapshot(); // writes snapshot.json, then empties the journal …
    workload(l, 'c');
    const expected = stateOf(l, users);
    // … but the process died before the journal was emptied: the old entries are still there, and
    // the entries after the snapshot followed them.
    const after = readFileSync(journal);
    writeFileSync(journal, Buffer.concat([saved, after]));

    const restarted = new Ledger(config, clock, dir);
    restarted.open();
    expect(stateOf(restarted, users)).toEqual(expected);
    expect(expected.invariant).toBe('ok');
  });

  it('a torn last line (killed mid-append, never acknowledged) is dropped; everything before it is kept', () => {
    const dir = freshDir();
    now = T0;
    const l = new Ledger(config, clock, dir);
    l.open();
    workload(l, 'a');
    const expected = stateOf(l, users);
    appendFileSync(join(dir, 'journal.log'), '{"op":"transferToPerps","user":"bsc_0x00');
    const restarted = new Ledger(config, clock, dir);
    restarted.open();
    expect(stateOf(restarted, users)).toEqual(expected);
  });

  it('restarting twice from the same files gives the same state (replay is deterministic)', () => {
    const dir = freshDir();
    now = T0;
    const l = new Ledger(config, clock, dir);
    l.open();
    workload(l, 'a');
    l.snapshot();
    workload(l, 'b');
    const expected = stateOf(l, users);
    const copy = freshDir();
    for (const f of ['genesis.json', 'snapshot.json', 'journal.log']) copyFileSync(join(dir, f), join(copy, f));
    for (const d of [dir, copy]) {
      const r = new Ledger(config, clock, d);
      r.open();
      expect(stateOf(r, users)).toEqual(expected);
    }
  });
});
