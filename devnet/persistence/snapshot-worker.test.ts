/**
 * Issue 19 #3: snapshots made by a worker thread's replica of the ledger, off the request thread.
 * The replica must be the ledger's state exactly (its image, byte for byte, at the sequence number
 * the ledger sealed the journal at), and losing the worker at any moment must lose or double nothing.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../audit';
import { Ledger, parseSnapshotFile } from './ledger';
import { randomWorkload, WORKLOAD_USERS } from './random-workload';
import { SnapshotReplica } from './snapshot-replica';

const T0 = Date.UTC(2025, 0, 1);
let now = T0;
const clock = () => now;
const advance = (ms: number) => {
  now += ms;
};
const config = { startTime: T0, seed: 11, historyDays: 0, fundingIntervalMs: 60_000 };

const dirs: string[] = [];
const ledgers: Ledger[] = [];
afterEach(async () => {
  for (const l of ledgers.splice(0)) await l.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function freshDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'snapshot-worker-'));
  dirs.push(d);
  return d;
}

/** A ledger as the devnet runs one: with the snapshot worker, ready to take snapshots. */
async function withWorker(dir: string, log: string[] = []): Promise<Ledger> {
  const l = new Ledger(config, clock, dir, 1e9, { snapshotWorker: true, log: (line) => log.push(line) });
  l.open();
  ledgers.push(l);
  expect(await l.snapshotWorkerReady()).toBe(true);
  return l;
}

/** What a restart would load from the dir (no worker). */
function restarted(dir: string): Ledger {
  const l = new Ledger(config, clock, dir);
  l.open();
  return l;
}

/** The observable state: balances, orders, trades and positions of every account, the bridge's book, the audit. */
function stateOf(l: Ledger) {
  const audit = auditLedger(l);
  return {
    audit: audit.ok ? 'ok' : audit.detail,
    ledger: l.exchange.ledger(),
    clock: l.exchange.now(),
    withdrawals: l.withdrawals.records,
    chainDeposits: l.chainDeposits,
    users: WORKLOAD_USERS.map((u) => ({
      wallets: l.exchange.wallets(u),
      orders: l.exchange.queryOrders(u, { limit: 500 }),
      positions: l.exchange.queryPositions(u),
      trades: l.exchange.queryTrades(u, { limit: 500 }),
    })),
  };
}

const journalLines = (dir: string): string[] => readFileSync(join(dir, 'journal.log'), 'utf8').split('\n').filter((s) => s.length > 0);
const seqOf = (line: string) => (JSON.parse(line) as { seq: number }).seq;
const snapshotText = (dir: string) => readFileSync(join(dir, 'snapshot.json'), 'utf8');
const imageOf = (text: string) => text.slice(text.indexOf('\n') + 1);
/** The client's worker, to kill it as a crash would. */
const workerOf = (l: Ledger) => (l as unknown as { worker: { worker: Worker | null } }).worker.worker!;

describe('snapshot replica', () => {
  it('following the journal lines, it makes at every sequence number the image the ledger makes', async () => {
    const dir = freshDir();
    now = T0;
    const l = restarted(dir); // a ledger without a worker: the test feeds the replica itself
    const work = randomWorkload(1, advance);
    work.run(l, 150);
    // Loaded from the files as they are now, then fed the lines journaled after.
    const replica = SnapshotReplica.load(dir, config);
    let fed = journalLines(dir).length;
    let accepted = 0;
    for (let round = 0; round < 6; round++) {
      accepted += work.run(l, 250);
      const lines = journalLines(dir);
      for (const line of lines.slice(fed)) replica.applyLine(line);
      fed = lines.length;
      const seq = seqOf(lines.at(-1)!);
      expect(imageOf(replica.image(seq, '{}').join(''))).toBe(l.exchange.snapshotChunks().join(''));
      // Lines it already holds (a replica that read them from the file) are skipped, not applied again.
      for (const line of lines.slice(-20)) replica.applyLine(line);
      expect(imageOf(replica.image(seq, '{}').join(''))).toBe(l.exchange.snapshot());
      if (round === 2) {
        // Halfway, an in-thread snapshot: the replica does not care which files it was loaded from.
        await l.snapshot();
        fed = 0;
      }
    }
    expect(accepted).toBeGreaterThan(800);
    // The workload moved money and was refused sometimes (refusals change nothing, or the replica,
    // which never sees them, would differ above).
    expect(l.exchange.ledger().fees).not.toMatch(/^0(\.0+)?$/);
    expect(stateOf(l).audit).toBe('ok');
  });

  it('refuses to go on past a gap in the lines or to image another sequence number', () => {
    const dir = freshDir();
    now = T0;
    const l = restarted(dir);
    const replica = SnapshotReplica.load(dir, config);
    randomWorkload(2, advance).run(l, 30);
    const lines = journalLines(dir);
    expect(() => replica.applyLine(lines[2]!)).toThrow(/missing/);
    replica.applyLine(lines[0]!);
    expect(() => replica.image(seqOf(lines.at(-1)!), '{}')).toThrow(/replica at/);
  });
});

describe('snapshot worker', () => {
  it('writes snapshot.json as of the seal, identical to the ledger’s own image, while journaling goes on', async () => {
    const dir = freshDir();
    now = T0;
    const l = await withWorker(dir);
    const work = randomWorkload(3, advance);
    for (let round = 0; round < 4; round++) {
      work.run(l, 300);
      const sealedAt = seqOf(journalLines(dir).at(-1)!);
      const writing = l.snapshot(); // seals journal.log now; the worker writes from its replica
      const expected = l.exchange.snapshotChunks().join('');
      expect(existsSync(join(dir, 'journal.prev.log'))).toBe(true);
      work.run(l, 120); // the ledger goes on while the worker writes
      await writing;
      const text = snapshotText(dir);
      expect(imageOf(text)).toBe(expected);
      expect(parseSnapshotFile(text).seq).toBe(sealedAt);
      expect(existsSync(join(dir, 'journal.prev.log'))).toBe(false);
      // A restart from these files (snapshot + the lines after the seal) is the live state.
      expect(stateOf(restarted(dir))).toEqual(stateOf(l));
    }
    // The last snapshot, on close, is the worker's too and holds everything.
    work.run(l, 50);
    const expected = stateOf(l);
    const image = l.exchange.snapshot();
    await l.close();
    expect(imageOf(snapshotText(dir))).toBe(image);
    expect(stateOf(restarted(dir))).toEqual(expected);
    expect(expected.audit).toBe('ok');
  });

  it('a worker killed between snapshots is started again from the data dir and catches up', async () => {
    const dir = freshDir();
    now = T0;
    const log: string[] = [];
    const l = await withWorker(dir, log);
    const work = randomWorkload(4, advance);
    work.run(l, 200);
    await l.snapshot();
    work.run(l, 200);
    const first = workerOf(l);
    await first.terminate(); // lines it was sent are lost with it; the journal still holds them
    work.run(l, 200); // journaled while the new worker loads
    expect(await l.snapshotWorkerReady()).toBe(true);
    expect(workerOf(l)).not.toBe(first);
    expect(log.join('\n')).toMatch(/starting another from the data dir/);
    work.run(l, 100);
    const writing = l.snapshot();
    const expected = l.exchange.snapshot();
    await writing;
    expect(imageOf(snapshotText(dir))).toBe(expected);
    expect(stateOf(restarted(dir))).toEqual(stateOf(l));
  });

  it('a worker killed while it writes loses nothing: the sealed segment stays until a later snapshot covers it', async () => {
    const dir = freshDir();
    now = T0;
    const l = await withWorker(dir);
    const work = randomWorkload(5, advance);
    work.run(l, 300);
    await l.snapshot();
    work.run(l, 300);
    const writing = l.snapshot();
    const killed = workerOf(l).terminate();
    work.run(l, 100);
    // Killed before or after the file was renamed into place: either way the dir restarts to the live state.
    const outcome = await writing.then(
      () => 'written',
      () => 'lost',
    );
    await killed;
    if (outcome === 'lost') expect(existsSync(join(dir, 'journal.prev.log'))).toBe(true);
    expect(stateOf(restarted(dir))).toEqual(stateOf(l));
    // The next snapshot (by the new worker) covers the sealed segment and removes it.
    expect(await l.snapshotWorkerReady()).toBe(true);
    work.run(l, 100);
    const next = l.snapshot();
    const expected = l.exchange.snapshot();
    await next;
    expect(imageOf(snapshotText(dir))).toBe(expected);
    expect(existsSync(join(dir, 'journal.prev.log'))).toBe(false);
    expect(stateOf(restarted(dir))).toEqual(stateOf(l));
  });

  it('after the worker is lost for good, snapshots are taken in-thread and nothing is lost', async () => {
    const dir = freshDir();
    now = T0;
    const log: string[] = [];
    const l = await withWorker(dir, log);
    const work = randomWorkload(6, advance);
    // Killed as soon as each successor is up, past the restart limit.
    for (let i = 0; i < 4; i++) {
      work.run(l, 50);
      await workerOf(l).terminate();
      if (i < 3) expect(await l.snapshotWorkerReady()).toBe(true);
    }
    expect(await l.snapshotWorkerReady()).toBe(false);
    expect(log.at(-1)).toMatch(/on the main thread from now on/);
    work.run(l, 200);
    const writing = l.snapshot();
    const expected = l.exchange.snapshot();
    await writing;
    expect(imageOf(snapshotText(dir))).toBe(expected);
    expect(stateOf(restarted(dir))).toEqual(stateOf(l));
  });
});
