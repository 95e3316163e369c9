/**
 * Issue #27: a trigger storm's backlog is fired by journaled `drainTriggers` commands (devnet.ts sends
 * them while a backlog remains); a restart in the middle of it replays to the same engine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { Ledger, type Command } from './ledger';

const T0 = Date.UTC(2025, 0, 1);
const dirs: string[] = [];
const live: Ledger[] = [];
afterEach(async () => {
  for (const l of live.splice(0)) await l.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

let now = T0;
const config = { startTime: T0, seed: 3, historyDays: 0, makers: false, indexWalk: false };

function opened(dir: string): Ledger {
  const l = new Ledger(config, () => now, dir);
  l.open();
  live.push(l);
  return l;
}

it('drains a backlog in journaled batches; a restart in the middle replays to the same engine', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-drain-'));
  dirs.push(dir);
  const l = opened(dir);
  const run = (c: Command) => {
    now += 1;
    const r = l.run(c);
    if (!r.ok) throw new Error(`${JSON.stringify(c)}: ${r.message}`);
    return r.value as unknown;
  };
  const fundUser = (user: string, amount: string) => {
    run({ op: 'ensureAccount', user });
    run({ op: 'deposit', user, amount, ref: `dep-${user}` });
    run({ op: 'transferToPerps', user, amount });
  };
  const seller = `bsc_0x${'5'.repeat(40)}`;
  const buyer = `bsc_0x${'6'.repeat(40)}`;
  fundUser(seller, '10000000');
  fundUser(buyer, '10000000');
  const users = Array.from({ length: 25 }, (_, i) => `bsc_0x${(i + 1).toString(16).padStart(40, '0')}`);
  run({ op: 'newOrder', user: seller, params: { symbol: 'BTC-USD', side: 'sell', order_type: 'limit', qty: '1.25', price: '95000', time_in_force: 'gtc', reduce_only: false } });
  for (const u of users) {
    fundUser(u, '100000');
    for (let k = 0; k < 50; k++) {
      run({ op: 'newOrder', user: u, params: { symbol: 'BTC-USD', side: 'buy', order_type: 'market', qty: '0.001', time_in_force: 'ioc', reduce_only: false, tp_price: '97000', sl_price: '94000' } });
    }
  }
  run({ op: 'newOrder', user: buyer, params: { symbol: 'BTC-USD', side: 'buy', order_type: 'limit', qty: '1.25', price: '93900', time_in_force: 'gtc', reduce_only: false } });
  // Nothing waits: refused, not journaled.
  expect(l.run({ op: 'drainTriggers' })).toMatchObject({ ok: false, code: 409 });
  run({ op: 'setIndexPrice', symbol: 'BTC-USD', price: '94000' }); // 1250 SLs cross: one batch (500) fires
  expect(l.exchange.triggerBacklog()).toBe(750);
  const image = l.exchange.snapshot();
  await l.close();
  live.splice(live.indexOf(l), 1);
  // The restart (snapshot on close, or journal replay) keeps the crossed children waiting, in order.
  const again = opened(dir);
  expect(again.exchange.snapshot()).toBe(image);
  expect(again.exchange.triggerBacklog()).toBe(750);
  now += 1;
  expect(again.run({ op: 'drainTriggers' })).toEqual({ ok: true, value: true });
  expect(again.exchange.triggerBacklog()).toBe(250);
  now += 1;
  expect(again.run({ op: 'drainTriggers' })).toEqual({ ok: true, value: false });
  expect(again.exchange.triggerBacklog()).toBe(0);
  for (const u of users) expect(again.exchange.queryPositions(u)).toEqual([]);
  const after = again.exchange.snapshot();
  await again.close();
  live.splice(live.indexOf(again), 1);
  expect(opened(dir).exchange.snapshot()).toBe(after);
});
