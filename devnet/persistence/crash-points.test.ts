/**
 * Issue 8: the ledger loses nothing and doubles nothing whatever instant the process dies at —
 * including between writing a snapshot and emptying the journal it covers, while a snapshot is
 * being written in the background, and mid-append.
 */
import { appendFileSync, copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Ledger, type Command } from './ledger';
import { dec } from '../../src/lib/decimal';
import { auditLedger } from '../audit';

const T0 = Date.UTC(2025, 0, 1);
const dirs: string[] = [];
const live: Ledger[] = [];
afterEach(async () => {
  for (const l of live.splice(0)) await l.close();
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

/** A ledger on `dir` loaded from whatever files are there, as a restart loads it. */
function opened(dir: string, snapshotEvery?: number): Ledger {
  const l = new Ledger(config, clock, dir, snapshotEvery);
  l.open();
  return l;
}

/**
 * The ledger under test, as the devnet runs one: with snapshots made by the worker's replica (once it
 * is ready) or in-thread. Every crash point holds for both.
 */
let snapshotWorker = false;
async function running(dir: string, snapshotEvery?: number): Promise<Ledger> {
  const l = new Ledger(config, clock, dir, snapshotEvery, { snapshotWorker });
  l.open();
  live.push(l);
  expect(await l.snapshotWorkerReady()).toBe(snapshotWorker);
  return l;
}

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
  const bid = price.value.bids.map(([p]) => dec(p)).reduce((a, b) => (b.lt(a) ? b : a));
  run({ op: 'newOrder', user, params: { symbol: 'BTC-USD', side: 'buy', order_type: 'limit', qty: '0.01', price: bid.mul('0.98').toFixed(1), time_in_force: 'gtc', reduce_only: false, cl_ord_id: `rest-${tag}` } });
  run({ op: 'newOrder', user, params: { symbol: 'BTC-USD', side: 'buy', order_type: 'market', qty: '0.01', time_in_force: 'ioc', reduce_only: false } });
  run({ op: 'transferToSpot', user, amount: '7' });
  run({ op: 'advance' });
  run({ op: 'cancelOrder', user, params: { cl_ord_id: `rest-${tag}` } });
  run({ op: 'transferToPerps', user, amount: '3' });
}

/** The observable state: every account's wallets, orders and positions, plus the audit of named accounts. */
function stateOf(l: Ledger, users: string[]) {
  const inv = auditLedger(l);
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

describe.each([
  { snapshots: 'in-thread', worker: false },
  { snapshots: 'by the snapshot worker', worker: true },
])('ledger crash points, snapshots $snapshots', ({ worker }) => {
  beforeEach(() => {
    snapshotWorker = worker;
  });

  it('a crash between writing the snapshot and emptying the journal replays nothing twice', async () => {
    const dir = freshDir();
    now = T0;
    const l = await running(dir);
    workload(l, 'a');
    workload(l, 'b');
    const journal = join(dir, 'journal.log');
    const saved = readFileSync(journal);
    await l.snapshot(); // writes snapshot.json, then drops the journal segment it covers …
    expect(existsSync(join(dir, 'journal.prev.log'))).toBe(false);
    workload(l, 'c');
    const expected = stateOf(l, users);
    // … but the process died before the old entries were gone: they are still there (as in the
    // journal format before segments, in front of journal.log, and as the sealed segment).
    const after = readFileSync(journal);
    writeFileSync(journal, Buffer.concat([saved, after]));
    for (const sealed of [false, true]) {
      if (sealed) {
        writeFileSync(journal, after);
        writeFileSync(join(dir, 'journal.prev.log'), saved);
      }
      const restarted = opened(dir);
      expect(stateOf(restarted, users)).toEqual(expected);
    }
    expect(expected.invariant).toBe('ok');
  });

  it('a crash while the snapshot is being written (journal segment sealed, file not yet renamed) loses nothing', async () => {
    const dir = freshDir();
    now = T0;
    const l = await running(dir);
    workload(l, 'a');
    await l.snapshot();
    workload(l, 'b');
    const writing = l.snapshot(); // image taken, segment sealed; the write is still under way …
    workload(l, 'c'); // … while journaling goes on into the new segment
    const expected = stateOf(l, users);
    const copy = freshDir();
    for (const f of readdirSync(dir)) copyFileSync(join(dir, f), join(copy, f));
    expect(existsSync(join(copy, 'journal.prev.log'))).toBe(true);
    await writing;
    for (const d of [copy, dir]) {
      const r = opened(d);
      expect(stateOf(r, users)).toEqual(expected);
    }
    expect(existsSync(join(dir, 'journal.prev.log'))).toBe(false);
  });

  it('snapshots requested by the command count are taken after the reply, and restart from them', async () => {
    const dir = freshDir();
    now = T0;
    const l = await running(dir, 5);
    workload(l, 'a');
    // scheduled, not taken in the command that reached the count
    expect(existsSync(join(dir, 'snapshot.json'))).toBe(false);
    await new Promise((r) => setImmediate(r));
    workload(l, 'b');
    await l.close();
    const text = readFileSync(join(dir, 'snapshot.json'), 'utf8');
    expect(text.indexOf('\n')).toBeGreaterThan(0); // header line, then the engine image unquoted
    expect(text.slice(text.indexOf('\n') + 1)).toBe(l.exchange.snapshot());
    const r = opened(dir);
    expect(stateOf(r, users)).toEqual(stateOf(l, users));
  });

  it('after a snapshot, the next waits until the journal has grown as large as that snapshot', async () => {
    const dir = freshDir();
    now = T0;
    const l = await running(dir, 1);
    workload(l, 'a');
    await new Promise((r) => setImmediate(r));
    await l.snapshot();
    const snapSize = statSync(join(dir, 'snapshot.json')).size;
    workload(l, 'b'); // far less journal than one snapshot
    await new Promise((r) => setImmediate(r));
    // no snapshot taken: it would have sealed journal.log (moved its entries out) at once
    const journal = statSync(join(dir, 'journal.log')).size;
    expect(journal).toBeGreaterThan(0);
    expect(journal).toBeLessThan(snapSize);
    expect(existsSync(join(dir, 'journal.prev.log'))).toBe(false);
  });

  it('loads a snapshot in the old format (one JSON object, the image as a string)', async () => {
    const dir = freshDir();
    now = T0;
    const l = await running(dir);
    workload(l, 'a');
    await l.snapshot();
    workload(l, 'b');
    const expected = stateOf(l, users);
    const path = join(dir, 'snapshot.json');
    const text = readFileSync(path, 'utf8');
    const nl = text.indexOf('\n');
    writeFileSync(path, JSON.stringify({ exchange: text.slice(nl + 1), ...JSON.parse(text.slice(0, nl)) }));
    const r = opened(dir);
    expect(stateOf(r, users)).toEqual(expected);
  });

  it('a torn last line (killed mid-append, never acknowledged) is dropped; everything before it is kept', async () => {
    const dir = freshDir();
    now = T0;
    const l = await running(dir);
    workload(l, 'a');
    const expected = stateOf(l, users);
    appendFileSync(join(dir, 'journal.log'), '{"op":"transferToPerps","user":"bsc_0x00');
    const restarted = opened(dir);
    expect(stateOf(restarted, users)).toEqual(expected);
  });

  it('restarting twice from the same files gives the same state (replay is deterministic)', async () => {
    const dir = freshDir();
    now = T0;
    const l = await running(dir);
    workload(l, 'a');
    await l.snapshot();
    workload(l, 'b');
    const expected = stateOf(l, users);
    const copy = freshDir();
    for (const f of ['genesis.json', 'snapshot.json', 'journal.log']) copyFileSync(join(dir, f), join(copy, f));
    for (const d of [dir, copy]) {
      const r = opened(d);
      expect(stateOf(r, users)).toEqual(expected);
    }
  });
});
