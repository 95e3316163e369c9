import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CancelOrderBody, CancelOrdersBody, MarginMode, NewOrderBody } from '../../src/api/schemas';
import { nanoIso, Withdrawals, type WithdrawRecord } from '../bridge/withdrawals';
import { Exchange, type ExchangeConfig } from '../engine';
import { Journal, writeFileAtomic, writeFileAtomicAsync } from './journal';

/**
 * A data dir as a restart would see it (snapshot + journal replayed), opened from a copy so the dir
 * itself is never touched: genesis.json restores start time and seed, the snapshot the rest.
 */
export function openLedgerCopy(dataDir: string): Ledger {
  const copy = mkdtempSync(join(tmpdir(), 'devnet-data-copy-'));
  try {
    cpSync(dataDir, copy, { recursive: true });
    const ledger = new Ledger({}, Date.now, copy);
    ledger.open();
    return ledger;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** Every state change of the devnet, as journaled and replayed. */
export type Command =
  | { op: 'advance' }
  /** Devnet control (POST /devnet/mark): the symbol's index at once, the mark follows. */
  | { op: 'setIndexPrice'; symbol: string; price: string }
  | { op: 'ensureAccount'; user: string }
  | { op: 'createVault'; owner: string }
  | { op: 'newOrder'; user: string; params: NewOrderBody }
  | { op: 'cancelOrder'; user: string; params: CancelOrderBody }
  | { op: 'cancelOrders'; user: string; params: CancelOrdersBody }
  | { op: 'changeLeverage'; user: string; symbol: string; leverage: number }
  | { op: 'changeMarginMode'; user: string; symbol: string; mode: MarginMode }
  | { op: 'transferMargin'; user: string; symbol: string; amount: string }
  | { op: 'transferToPerps'; user: string; amount: string }
  | { op: 'transferToSpot'; user: string; amount: string }
  | { op: 'deposit'; user: string; amount: string; ref: string; chain?: ChainDepositOrigin }
  /** The deposit's block left the canonical chain: its credit is taken back (Exchange.reverseCredit). */
  | { op: 'depositReversed'; ref: string }
  | { op: 'withdrawRequest'; record: WithdrawRecord }
  | { op: 'withdrawConfirmed'; id: string; dstTx: string; dstBlock: string; dstGenesis?: string }
  | { op: 'withdrawExpired'; id: string }
  /** The MessageReq that confirmed it was reorged away: Pending again. */
  | { op: 'withdrawUnconfirmed'; id: string }
  | { op: 'chainCursor'; cursor: StoredChainCursor };

/** A journal line: the command, the time it ran at and its place in the journal's sequence. */
type Stamped = Command & { now: number; seq?: number };

/** Where an on-chain deposit credit came from: checked against the canonical chain after a reorg. */
export interface ChainDepositOrigin {
  txHash: string;
  block: string;
  blockHash: string;
}

/** An on-chain deposit credit as the ledger knows it (chain credits only, keyed by the event ref). */
export interface ChainDeposit extends ChainDepositOrigin {
  user: string;
  amount: string;
  reversed: boolean;
}

/** Where the chain indexer resumes, on which chain instance (bigints as strings for JSON). */
export interface StoredChainCursor {
  genesisHash: string;
  fromBlock: string;
  prevBlockHash?: string;
}
type Outcome = { ok: true; value: any } | { ok: false; code: number; message: string };

/**
 * snapshot.json. Written as one header line (this, without `exchange`, as JSON) followed by the
 * engine image verbatim: the image is already JSON, and quoting it as a string inside the header
 * would escape every one of its quotes again. Older snapshots are one JSON object with `exchange`
 * as a string (no newline anywhere in them); both load.
 */
interface Snapshot {
  exchange: string;
  withdrawals: ReturnType<Withdrawals['toJSON']>;
  chainCursor: StoredChainCursor | null;
  /** Absent in snapshots older than reorg handling. */
  chainDeposits?: Record<string, ChainDeposit>;
  at: number;
  /** Sequence number of the last journaled command the snapshot includes (absent in old snapshots). */
  seq?: number;
}

export function parseSnapshotFile(text: string): Snapshot {
  const nl = text.indexOf('\n');
  if (nl < 0) return JSON.parse(text) as Snapshot;
  return { ...(JSON.parse(text.slice(0, nl)) as Omit<Snapshot, 'exchange'>), exchange: text.slice(nl + 1) };
}

const fail = (code: number, message: string): Outcome => ({ ok: false, code, message });

/**
 * The exchange plus the bridge's book, made durable: each accepted command is journaled before the
 * caller replies; a snapshot every so often bounds the replay. Restart = snapshot + journal.
 *
 * Snapshots stay off the request path: a command that reaches `snapshotEvery` only schedules one
 * (setImmediate, after its own reply); taking it captures the engine image (cheap: the text of
 * settled history is made as each command settles it, see history-json.ts) and seals the journal
 * segment it covers (journal.log → journal.prev.log, one rename) in the same tick, then journaling
 * goes on into a fresh journal.log while the image is written and fsync'd by the threadpool. Only
 * after snapshot.json is renamed into place is the sealed segment deleted. On any crash, restart
 * reads snapshot.json (the old or the new one), then journal.prev.log, then journal.log, and skips
 * every entry whose sequence number the snapshot already holds: nothing is lost or applied twice.
 */
export class Ledger {
  exchange: Exchange;
  withdrawals = new Withdrawals();
  chainCursor: StoredChainCursor | null = null;
  /** Every on-chain deposit credit (reversed ones included), by ref. */
  chainDeposits: Record<string, ChainDeposit> = {};
  private journal: Journal | null = null;
  private sinceSnapshot = 0;
  private replaying = false;
  /** Sequence number of the last journaled command. */
  private seq = 0;
  /** The snapshot being written (image taken, file not yet durable), if any. */
  private writing: Promise<void> | null = null;
  private scheduled = false;
  /** Size of the last snapshot and of the journal written since it (characters). */
  private snapshotChars = 0;
  private journalChars = 0;

  constructor(
    private readonly config: ExchangeConfig,
    private readonly clock: () => number,
    private readonly dataDir: string | null,
    private readonly snapshotEvery = 20_000,
  ) {
    this.exchange = new Exchange(config);
  }

  /** Loads snapshot and journal from the data dir. */
  open(): { replayed: number } {
    if (!this.dataDir) return { replayed: 0 };
    mkdirSync(this.dataDir, { recursive: true });
    // The journal replays onto the exchange as it was first created: same start time and seed.
    const genesisPath = join(this.dataDir, 'genesis.json');
    if (existsSync(genesisPath)) {
      const genesis = JSON.parse(readFileSync(genesisPath, 'utf8')) as Pick<ExchangeConfig, 'startTime' | 'seed'>;
      this.exchange = new Exchange({ ...this.config, ...genesis });
    } else {
      writeFileAtomic(genesisPath, JSON.stringify({ startTime: this.config.startTime, seed: this.config.seed }));
    }
    const snapPath = join(this.dataDir, 'snapshot.json');
    if (existsSync(snapPath)) {
      const text = readFileSync(snapPath, 'utf8');
      this.snapshotChars = text.length;
      const snap = parseSnapshotFile(text);
      this.exchange = Exchange.restore(snap.exchange, {
        ...(this.config.makers !== undefined ? { makers: this.config.makers } : {}),
        ...(this.config.fundingIntervalMs !== undefined ? { fundingIntervalMs: this.config.fundingIntervalMs } : {}),
      });
      this.withdrawals = Withdrawals.fromJSON(snap.withdrawals);
      this.chainCursor = snap.chainCursor;
      this.chainDeposits = snap.chainDeposits ?? {};
      this.seq = snap.seq ?? 0;
    }
    // A sealed segment left by a snapshot that had not become durable (or whose segment was not yet
    // deleted) comes first: its entries precede journal.log's.
    const entries = [...Journal.read(this.sealedPath), ...Journal.read(this.journalPath)] as Stamped[];
    this.exchange.keepHistoryJson();
    this.replaying = true;
    try {
      for (const e of entries) {
        // A crash between writing the snapshot and emptying the journal leaves entries the
        // snapshot already holds: applying them again would double orders, fills and transfers.
        if (e.seq !== undefined && e.seq <= this.seq) continue;
        this.apply(e);
        this.exchange.sealHistory();
        this.seq = e.seq ?? this.seq + 1;
      }
    } finally {
      this.replaying = false;
    }
    this.journal = new Journal(this.journalPath);
    this.sinceSnapshot = entries.length;
    this.journalChars = [this.sealedPath, this.journalPath].reduce((n, f) => n + (existsSync(f) ? statSync(f).size : 0), 0);
    return { replayed: entries.length };
  }

  get isReplaying(): boolean {
    return this.replaying;
  }

  /** Applies a command now; journals it when it changed something. */
  run(cmd: Command): Outcome {
    const stamped = { ...cmd, now: this.clock() } as Stamped;
    const out = this.apply(stamped);
    this.exchange.sealHistory();
    if (out.ok && this.journal) {
      this.journalChars += this.journal.append({ ...stamped, seq: ++this.seq });
      // At least `snapshotEvery` commands apart, and not before the journal has grown as large as
      // the last snapshot: a snapshot costs in proportion to the state (history included), so
      // this keeps its cost per command bounded however large the state grows, and a restart
      // never replays more journal than about one snapshot's worth.
      if (++this.sinceSnapshot >= this.snapshotEvery && this.journalChars >= this.snapshotChars) this.scheduleSnapshot();
    }
    return out;
  }

  private get journalPath(): string {
    return join(this.dataDir!, 'journal.log');
  }

  private get sealedPath(): string {
    return join(this.dataDir!, 'journal.prev.log');
  }

  /** A snapshot soon, after the current reply; nothing if one is scheduled or still being written. */
  scheduleSnapshot(): void {
    if (this.scheduled || this.writing || !this.journal) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.writing || !this.journal) return;
      this.snapshot().catch(() => undefined);
    });
  }

  /**
   * Captures the state as of now and writes it in the background. The promise resolves once the
   * snapshot is durable and the journal segment it covers is gone (or rejects with the write's
   * error: the sealed segment then stays and the next snapshot covers it). While one is being
   * written, a new request waits for it and then takes its own.
   */
  snapshot(): Promise<void> {
    if (!this.dataDir || !this.journal) return Promise.resolve();
    if (this.writing) return this.writing.catch(() => undefined).then(() => this.snapshot());
    const header: Omit<Snapshot, 'exchange'> = {
      withdrawals: this.withdrawals.toJSON(),
      chainCursor: this.chainCursor,
      chainDeposits: this.chainDeposits,
      at: this.clock(),
      seq: this.seq,
    };
    const chunks = [`${JSON.stringify(header)}\n`, ...this.exchange.snapshotChunks()];
    this.snapshotChars = chunks.reduce((n, c) => n + c.length, 0);
    this.journalChars = 0;
    // Seal the entries the image holds. If a failed snapshot left a sealed segment, keep journaling
    // into journal.log instead: its covered entries are skipped by sequence number on replay.
    if (!existsSync(this.sealedPath)) this.journal.rotate(this.sealedPath);
    this.sinceSnapshot = 0;
    const sealed = this.sealedPath;
    const write = (async () => {
      await writeFileAtomicAsync(join(this.dataDir!, 'snapshot.json'), chunks);
      await rm(sealed, { force: true });
    })();
    this.writing = write;
    return write.finally(() => {
      if (this.writing === write) this.writing = null;
    });
  }

  /** A last snapshot (after any being written), then the journal is closed. */
  async close(): Promise<void> {
    if (!this.journal) return;
    await this.snapshot().catch(() => undefined);
    this.journal.close();
    this.journal = null;
  }

  private apply(c: Stamped): Outcome {
    const ex = this.exchange;
    switch (c.op) {
      case 'advance':
        ex.advance(c.now);
        return { ok: true, value: undefined };
      case 'setIndexPrice':
        return ex.setIndexPrice(c.symbol, c.price, c.now);
      case 'ensureAccount':
        ex.ensureAccount(c.user);
        return { ok: true, value: undefined };
      case 'createVault':
        return { ok: true, value: ex.createVault(c.owner) };
      case 'newOrder':
        return ex.newOrder(c.user, c.params, c.now);
      case 'cancelOrder':
        return ex.cancelOrder(c.user, c.params, c.now);
      case 'cancelOrders':
        return ex.cancelOrders(c.user, c.params, c.now);
      case 'changeLeverage':
        return ex.changeLeverage(c.user, c.symbol, c.leverage, c.now);
      case 'changeMarginMode':
        return ex.changeMarginMode(c.user, c.symbol, c.mode, c.now);
      case 'transferMargin':
        return ex.transferMargin(c.user, c.symbol, c.amount, c.now);
      case 'transferToPerps':
        return ex.transferToPerps(c.user, c.amount);
      case 'transferToSpot':
        return ex.transferToSpot(c.user, c.amount);
      case 'deposit': {
        const was = this.chainDeposits[c.ref];
        const r = ex.creditCash(c.user, c.amount, c.ref);
        // A redelivered credit (already applied, not reversed) changes nothing and is not journaled.
        if (r.ok && was && !was.reversed) return fail(409, `deposit ${c.ref} is already credited`);
        if (r.ok && c.chain) this.chainDeposits[c.ref] = { user: c.user, amount: c.amount, ...c.chain, reversed: false };
        return r;
      }
      case 'depositReversed': {
        const was = this.chainDeposits[c.ref];
        if (!was || was.reversed) return fail(409, `deposit ${c.ref} is not an active chain credit`);
        const r = ex.reverseCredit(c.ref);
        if (r.ok) was.reversed = true;
        return r;
      }
      case 'withdrawRequest': {
        const r = ex.reserveWithdraw(c.record.account, c.record.amount, c.record.id);
        if (r.ok) this.withdrawals.add(c.record);
        return r;
      }
      case 'withdrawConfirmed': {
        const rec = this.withdrawals.byId(c.id);
        if (!rec || rec.status !== 'Pending') return fail(409, `withdraw ${c.id} is not pending`);
        const r = ex.settleWithdraw(c.id);
        if (r.ok) Object.assign(rec, { status: 'Confirmed', dstTx: c.dstTx, dstBlock: c.dstBlock, ...(c.dstGenesis ? { dstGenesis: c.dstGenesis } : {}), updatedAt: nanoIso(c.now) });
        return r;
      }
      case 'withdrawExpired': {
        const rec = this.withdrawals.byId(c.id);
        if (!rec || rec.status !== 'Pending') return fail(409, `withdraw ${c.id} is not pending`);
        const r = ex.releaseWithdraw(c.id);
        if (r.ok) Object.assign(rec, { status: 'Expired', updatedAt: nanoIso(c.now) });
        return r;
      }
      case 'withdrawUnconfirmed': {
        const rec = this.withdrawals.byId(c.id);
        if (!rec || rec.status !== 'Confirmed') return fail(409, `withdraw ${c.id} is not confirmed`);
        const r = ex.unsettleWithdraw(c.id);
        if (r.ok) {
          Object.assign(rec, { status: 'Pending', dstTx: '', dstBlock: '0', updatedAt: nanoIso(c.now) });
          delete rec.dstGenesis;
        }
        return r;
      }
      case 'chainCursor':
        this.chainCursor = c.cursor;
        return { ok: true, value: undefined };
    }
  }
}
