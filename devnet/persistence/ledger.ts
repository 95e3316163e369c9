import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CancelOrderBody, CancelOrdersBody, MarginMode, NewOrderBody } from '../../src/api/schemas';
import { nanoIso, Withdrawals, type WithdrawRecord } from '../bridge/withdrawals';
import { Exchange, type ExchangeConfig } from '../engine';
import { Journal, writeFileAtomic } from './journal';

/** Every state change of the devnet, as journaled and replayed. */
export type Command =
  | { op: 'advance' }
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
  | { op: 'deposit'; user: string; amount: string; ref: string }
  | { op: 'withdrawRequest'; record: WithdrawRecord }
  | { op: 'withdrawConfirmed'; id: string; dstTx: string; dstBlock: string }
  | { op: 'withdrawExpired'; id: string }
  | { op: 'chainCursor'; cursor: StoredChainCursor };

/** A journal line: the command, the time it ran at and its place in the journal's sequence. */
type Stamped = Command & { now: number; seq?: number };

/** Where the chain indexer resumes, on which chain instance (bigints as strings for JSON). */
export interface StoredChainCursor {
  genesisHash: string;
  fromBlock: string;
  prevBlockHash?: string;
}
type Outcome = { ok: true; value: any } | { ok: false; code: number; message: string };

interface Snapshot {
  exchange: string;
  withdrawals: ReturnType<Withdrawals['toJSON']>;
  chainCursor: StoredChainCursor | null;
  at: number;
  /** Sequence number of the last journaled command the snapshot includes (absent in old snapshots). */
  seq?: number;
}

const fail = (code: number, message: string): Outcome => ({ ok: false, code, message });

/**
 * The exchange plus the bridge's book, made durable: each accepted command is journaled before the
 * caller replies; a snapshot every so often bounds the replay. Restart = snapshot + journal.
 */
export class Ledger {
  exchange: Exchange;
  withdrawals = new Withdrawals();
  chainCursor: StoredChainCursor | null = null;
  private journal: Journal | null = null;
  private sinceSnapshot = 0;
  private replaying = false;
  /** Sequence number of the last journaled command. */
  private seq = 0;

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
      const snap = JSON.parse(readFileSync(snapPath, 'utf8')) as Snapshot;
      this.exchange = Exchange.restore(snap.exchange, {
        ...(this.config.makers !== undefined ? { makers: this.config.makers } : {}),
        ...(this.config.fundingIntervalMs !== undefined ? { fundingIntervalMs: this.config.fundingIntervalMs } : {}),
      });
      this.withdrawals = Withdrawals.fromJSON(snap.withdrawals);
      this.chainCursor = snap.chainCursor;
      this.seq = snap.seq ?? 0;
    }
    const entries = Journal.read(join(this.dataDir, 'journal.log')) as Stamped[];
    this.replaying = true;
    try {
      for (const e of entries) {
        // A crash between writing the snapshot and emptying the journal leaves entries the
        // snapshot already holds: applying them again would double orders, fills and transfers.
        if (e.seq !== undefined && e.seq <= this.seq) continue;
        this.apply(e);
        this.seq = e.seq ?? this.seq + 1;
      }
    } finally {
      this.replaying = false;
    }
    this.journal = new Journal(join(this.dataDir, 'journal.log'));
    this.sinceSnapshot = entries.length;
    return { replayed: entries.length };
  }

  get isReplaying(): boolean {
    return this.replaying;
  }

  /** Applies a command now; journals it when it changed something. */
  run(cmd: Command): Outcome {
    const stamped = { ...cmd, now: this.clock() } as Stamped;
    const out = this.apply(stamped);
    if (out.ok && this.journal) {
      this.journal.append({ ...stamped, seq: ++this.seq });
      if (++this.sinceSnapshot >= this.snapshotEvery) this.snapshot();
    }
    return out;
  }

  snapshot(): void {
    if (!this.dataDir || !this.journal) return;
    const snap: Snapshot = {
      exchange: this.exchange.snapshot(),
      withdrawals: this.withdrawals.toJSON(),
      chainCursor: this.chainCursor,
      at: this.clock(),
      seq: this.seq,
    };
    writeFileAtomic(join(this.dataDir, 'snapshot.json'), JSON.stringify(snap));
    this.journal.reset();
    this.sinceSnapshot = 0;
  }

  close(): void {
    if (this.journal) {
      this.snapshot();
      this.journal.close();
      this.journal = null;
    }
  }

  private apply(c: Stamped): Outcome {
    const ex = this.exchange;
    switch (c.op) {
      case 'advance':
        ex.advance(c.now);
        return { ok: true, value: undefined };
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
      case 'deposit':
        return ex.creditCash(c.user, c.amount, c.ref);
      case 'withdrawRequest': {
        const r = ex.reserveWithdraw(c.record.account, c.record.amount, c.record.id);
        if (r.ok) this.withdrawals.add(c.record);
        return r;
      }
      case 'withdrawConfirmed': {
        const rec = this.withdrawals.byId(c.id);
        if (!rec || rec.status !== 'Pending') return fail(409, `withdraw ${c.id} is not pending`);
        const r = ex.settleWithdraw(c.id);
        if (r.ok) Object.assign(rec, { status: 'Confirmed', dstTx: c.dstTx, dstBlock: c.dstBlock, updatedAt: nanoIso(c.now) });
        return r;
      }
      case 'withdrawExpired': {
        const rec = this.withdrawals.byId(c.id);
        if (!rec || rec.status !== 'Pending') return fail(409, `withdraw ${c.id} is not pending`);
        const r = ex.releaseWithdraw(c.id);
        if (r.ok) Object.assign(rec, { status: 'Expired', updatedAt: nanoIso(c.now) });
        return r;
      }
      case 'chainCursor':
        this.chainCursor = c.cursor;
        return { ok: true, value: undefined };
    }
  }
}
