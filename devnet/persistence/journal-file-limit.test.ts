import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal } from './journal';
import { JOURNAL_LOST_EXIT, Ledger } from './ledger';

const JOURNAL = fileURLToPath(new URL('./journal.ts', import.meta.url));
const LEDGER = fileURLToPath(new URL('./ledger.ts', import.meta.url));
const T0 = Date.UTC(2025, 0, 1);
const config = { startTime: T0, seed: 7, historyDays: 0 };

/**
 * Runs an ES module body in a node whose files may not grow past 4 KiB (`ulimit -f 4`): the kernel
 * takes part of the write that crosses the limit and refuses the next, as a full disk does.
 */
function inLimitedNode(script: string) {
  return spawnSync('bash', ['-c', 'ulimit -f 4 && exec "$0" --import tsx --input-type=module -e "$1"', process.execPath, script], { encoding: 'utf8', timeout: 60_000 });
}

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a journal line the disk takes only part of', () => {
  it('is refused and cut off, so appends after the disk has room again leave a journal a restart reads', () => {
    dir = mkdtempSync(join(tmpdir(), 'journal-limit-'));
    const path = join(dir, 'journal.log');
    // Lines of 100 bytes against a 4096-byte limit: the 41st crosses it and is written only in part.
    const r = inLimitedNode(`const { Journal } = await import(${JSON.stringify(JOURNAL)});
const j = new Journal(${JSON.stringify(path)});
let acked = 0;
for (let i = 0; i < 100; i++) {
  try { j.appendJson(JSON.stringify({ i, pad: 'x'.repeat(99 - JSON.stringify({ i, pad: '' }).length) })); acked++; }
  catch (e) { console.log('refused', e.code, acked); break; }
}`);
    expect(r.stderr).toBe('');
    const [word, code, count] = r.stdout.trim().split(' ');
    expect([word, code]).toEqual(['refused', 'EFBIG']);
    const acked = Number(count);
    // Exactly the acknowledged lines are there, nothing of the refused one.
    expect(statSync(path).size).toBe(acked * 100);
    // The disk has room again (no limit here) and the journal goes on.
    const j = new Journal(path);
    j.append({ after: true });
    j.close();
    expect(Journal.read(path)).toEqual([...Array.from({ length: acked }, (_, i) => ({ i, pad: expect.any(String) })), { after: true }]);
  });
});

describe('a ledger whose journal line cannot be written', () => {
  const user = `bsc_0x${'a'.padStart(40, '0')}`;

  it('stops before answering; a restart on its data dir holds every acknowledged order once and not the refused one', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ledger-limit-'));
    // Each acknowledged order is printed as the devnet would answer it: after run() returns it.
    const r = inLimitedNode(`const { Ledger } = await import(${JSON.stringify(LEDGER)});
let now = ${T0};
const l = new Ledger(${JSON.stringify(config)}, () => now, ${JSON.stringify(dir)});
l.open();
const run = (c) => { now += 250; const r = l.run(c); if (!r.ok) throw new Error(r.message); };
run({ op: 'ensureAccount', user: '${user}' });
run({ op: 'deposit', user: '${user}', amount: '10000', ref: 'dep' });
run({ op: 'transferToPerps', user: '${user}', amount: '5000' });
// A buy at the lowest bid rests: it crosses no ask. Number only orders the prices; the price sent is the book's own string.
const bids = l.exchange.depthBook('BTC-USD').value.bids;
const price = bids.reduce((low, [p]) => (Number(p) < Number(low) ? p : low), bids[0][0]);
for (let i = 0; i < 100; i++) {
  run({ op: 'newOrder', user: '${user}', params: { symbol: 'BTC-USD', side: 'buy', order_type: 'limit', qty: '0.001', price, time_in_force: 'gtc', reduce_only: false, cl_ord_id: 'o-' + i } });
  console.log('acked o-' + i);
}`);
    const acked = r.stdout.split('\n').filter((l) => l.startsWith('acked ')).map((l) => l.slice('acked '.length));
    expect(acked.length).toBeGreaterThan(0);
    expect(acked.length).toBeLessThan(100);
    expect(r.status).toBe(JOURNAL_LOST_EXIT);
    expect(r.stderr).toContain(`newOrder (seq ${acked.length + 4}) was applied in memory but its journal line could not be written`);

    const clOrdIds = (l: Ledger) =>
      l.exchange
        .queryOrders(user, { limit: 500 })
        .result.map((o) => o.cl_ord_id)
        .sort();
    const restarted = new Ledger(config, () => T0 + 3_600_000, dir);
    restarted.open();
    expect(clOrdIds(restarted)).toEqual([...acked].sort());
    // The disk has room again: what the restarted devnet journals next is read back after the rest.
    const more = restarted.run({ op: 'cancelOrder', user, params: { cl_ord_id: acked[0]! } });
    expect(more.ok).toBe(true);
    const again = new Ledger(config, () => T0 + 3_600_000, dir);
    again.open();
    expect(clOrdIds(again)).toEqual([...acked].sort());
    expect(again.exchange.queryOpenOrders(user).result.map((o) => o.cl_ord_id)).not.toContain(acked[0]);
    await restarted.close();
    await again.close();
  });
});
