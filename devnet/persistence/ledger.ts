import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Withdrawals } from '../bridge/withdrawals';
import { Exchange, type ExchangeConfig } from '../engine';
import { applyCommand, type ChainDeposit, type Command, type LedgerState, type Outcome, type Stamped, type StoredChainCursor } from './commands';
import { dataFiles, loadDataDir, type Snapshot } from './data-dir';
import { Journal, writeFileAtomic, writeFileAtomicAsync } from './journal';
import { SnapshotWorkerClient } from './snapshot-worker-client';

export type { ChainDeposit, ChainDepositOrigin, Command, StoredChainCursor } from './commands';
export { parseSnapshotFile } from './data-dir';

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

export interface LedgerOptions {
  /**
   * Make snapshot images in a worker thread that replays the journal (snapshot-worker.ts), so the
   * request thread never serialises the state; without it (or if the worker is lost for good) the
   * image is made in-thread when the journal is sealed.
   */
  snapshotWorker?: boolean;
  log?: (line: string) => void;
}

/**
 * The exchange plus the bridge's book, made durable: each accepted command is journaled before the
 * caller replies; a snapshot every so often bounds the replay. Restart = snapshot + journal.
 *
 * Snapshots stay off the request path: a command that reaches `snapshotEvery` only schedules one
 * (setImmediate, after its own reply). Taking it seals the journal segment it covers
 * (journal.log → journal.prev.log, one rename) and has the image as of that instant written while
 * journaling goes on into a fresh journal.log. With the snapshot worker (LedgerOptions), the image
 * is made by the worker's replica of this state, which follows every journaled line: the request
 * thread only sends the line and, at the seal, the small header. Without it, the image is captured
 * here in the same tick (cheap: settled history keeps its text, see history-json.ts) and written
 * and fsync'd by the threadpool. Either way the sealed segment is deleted only after snapshot.json
 * is renamed into place. On any crash, restart reads snapshot.json (the old or the new one), then
 * journal.prev.log, then journal.log, and skips every entry whose sequence number the snapshot
 * already holds: nothing is lost or applied twice.
 */
export class Ledger implements LedgerState {
  exchange: Exchange;
  withdrawals = new Withdrawals();
  chainCursor: StoredChainCursor | null = null;
  /** Every on-chain deposit credit (reversed ones included), by ref. */
  chainDeposits: Record<string, ChainDeposit> = {};
  private journal: Journal | null = null;
  private worker: SnapshotWorkerClient | null = null;
  private sinceSnapshot = 0;
  private replaying = false;
  /** Sequence number of the last journaled command. */
  private seq = 0;
  /** The snapshot being written (segment sealed, file not yet durable), if any. */
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
    private readonly options: LedgerOptions = {},
  ) {
    this.exchange = new Exchange(config);
  }

  /** Loads snapshot and journal from the data dir (and starts the snapshot worker, if asked). */
  open(): { replayed: number } {
    if (!this.dataDir) return { replayed: 0 };
    mkdirSync(this.dataDir, { recursive: true });
    const files = dataFiles(this.dataDir);
    if (!existsSync(files.genesis)) writeFileAtomic(files.genesis, JSON.stringify({ startTime: this.config.startTime, seed: this.config.seed }));
    this.replaying = true;
    try {
      const loaded = loadDataDir(this.dataDir, this.config);
      Object.assign(this, loaded.state);
      this.seq = loaded.seq;
      this.snapshotChars = loaded.snapshotChars;
      this.journalChars = loaded.journalChars;
      this.sinceSnapshot = loaded.entries;
      this.journal = new Journal(files.journal);
      // The worker loads the same files itself; lines journaled meanwhile reach it as messages.
      if (this.options.snapshotWorker) this.worker = SnapshotWorkerClient.start(this.dataDir, this.config, this.options.log ?? (() => undefined));
      return { replayed: loaded.entries };
    } finally {
      this.replaying = false;
    }
  }

  get isReplaying(): boolean {
    return this.replaying;
  }

  /**
   * Resolves once snapshots will be made by the worker (true) or, with no worker or one lost for
   * good, in-thread (false). Tests wait on it to know which path a snapshot takes.
   */
  snapshotWorkerReady(): Promise<boolean> {
    return this.worker ? this.worker.whenReady() : Promise.resolve(false);
  }

  /**
   * History's snapshot text (history-json.ts) is kept here only while this thread makes the images:
   * with the worker's replica making them, serialising every order and trade as it settles would be
   * the request thread's work for nothing (its replica does the same). Should the worker be lost for
   * good, the text is made again here, once, and kept from then on.
   */
  private keepHistoryText(): void {
    if (this.worker === null || this.worker.status === 'off') this.exchange.keepHistoryJson();
    else this.exchange.dropHistoryJson();
  }

  /**
   * Applies a command now; journals it when it changed something. A command is applied before it is
   * journaled (whether it changes anything is known only then); should its line not be writable,
   * the process stops at once (stopWithoutJournal) rather than reply or serve on.
   */
  run(cmd: Command): Outcome {
    const stamped = { ...cmd, now: this.clock() } as Stamped;
    const out = applyCommand(this, stamped);
    this.keepHistoryText();
    this.exchange.sealHistory();
    if (out.ok && this.journal) {
      const line = JSON.stringify({ ...stamped, seq: ++this.seq });
      try {
        this.journalChars += this.journal.appendJson(line);
      } catch (e) {
        stopWithoutJournal(stamped.op, this.seq, e);
      }
      // After the write: what the worker holds is a copy, never the record of the command.
      this.worker?.post(line);
      // At least `snapshotEvery` commands apart, and not before the journal has grown as large as
      // the last snapshot: a snapshot costs in proportion to the state (history included), so
      // this keeps its cost per command bounded however large the state grows, and a restart
      // never replays more journal than about one snapshot's worth.
      if (++this.sinceSnapshot >= this.snapshotEvery && this.journalChars >= this.snapshotChars) this.scheduleSnapshot();
    }
    return out;
  }

  /**
   * A snapshot soon, after the current reply; nothing if one is scheduled or still being written,
   * or while the snapshot worker is (re)loading the data dir (sealing now would move the journal
   * under its reader; the next command or timer asks again).
   */
  scheduleSnapshot(): void {
    if (this.scheduled || this.writing || !this.journal || this.worker?.status === 'loading') return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.writing || !this.journal) return;
      this.snapshot().catch(() => undefined);
    });
  }

  /**
   * Seals the journal as of now and has the state as of now written in the background. The promise
   * resolves once the snapshot is durable and the journal segment it covers is gone (or rejects
   * with the write's error: the sealed segment then stays and the next snapshot covers it). While
   * one is being written, a new request waits for it and then takes its own; while the worker is
   * loading, it waits for the worker.
   */
  snapshot(): Promise<void> {
    if (!this.dataDir || !this.journal) return Promise.resolve();
    if (this.writing) return this.writing.catch(() => undefined).then(() => this.snapshot());
    const worker = this.worker;
    if (worker?.status === 'loading') return worker.whenReady().then(() => this.snapshot());
    const t0 = performance.now();
    const header: Omit<Snapshot, 'exchange'> = {
      withdrawals: this.withdrawals.toJSON(),
      chainCursor: this.chainCursor,
      chainDeposits: this.chainDeposits,
      at: this.clock(),
      seq: this.seq,
    };
    const headerJson = JSON.stringify(header);
    const seq = this.seq;
    // In-thread only without a worker: the image is then captured now, before any later command.
    const inThread = worker?.status === 'ready' ? null : [`${headerJson}\n`, ...this.exchange.snapshotChunks()];
    this.journalChars = 0;
    // Seal the entries the image holds. If a failed snapshot left a sealed segment, keep journaling
    // into journal.log instead: its covered entries are skipped by sequence number on replay.
    const { sealed, snapshot: path } = dataFiles(this.dataDir);
    if (!existsSync(sealed)) this.journal.rotate(sealed);
    this.sinceSnapshot = 0;
    const onThread = performance.now() - t0;
    const write = (async () => {
      if (inThread) {
        this.snapshotChars = inThread.reduce((n, c) => n + c.length, 0);
        await writeFileAtomicAsync(path, inThread);
      } else {
        this.snapshotChars = await worker!.snapshot(seq, headerJson);
      }
      await rm(sealed, { force: true });
      // One line a snapshot (a minute apart in a running devnet); the bench reads it to place the
      // snapshot in its measured window.
      const mb = (this.snapshotChars / 1e6).toFixed(1);
      this.options.log?.(`snapshot at seq ${seq} durable (${inThread ? 'in-thread' : 'worker'}, ${mb} MB): ${onThread.toFixed(1)} ms on the request thread, ${(performance.now() - t0).toFixed(0)} ms to durable`);
    })();
    this.writing = write;
    return write.finally(() => {
      if (this.writing === write) this.writing = null;
    });
  }

  /** A last snapshot (after any being written), then the journal is closed and the worker stopped. */
  async close(): Promise<void> {
    if (!this.journal) return;
    // A worker lost mid-write fails its snapshot: the second try goes to its successor or in-thread.
    await this.snapshot()
      .catch(() => this.snapshot())
      .catch(() => undefined);
    this.journal.close();
    this.journal = null;
    await this.worker?.close();
    this.worker = null;
  }
}

/** Exit status of a devnet stopped because its journal could not take a command (EX_IOERR). */
export const JOURNAL_LOST_EXIT = 74;

/**
 * The command was applied in memory but its journal line could not be written (disk full, file
 * size limit, I/O error; Journal.appendJson has cut off any part of it). The memory now holds a
 * state the disk does not: answering "error" would be a lie (the order is live), answering "ok"
 * would promise what a restart loses, and serving on would show others fills and balances that are
 * not durable. So, as PostgreSQL PANICs on a failed WAL write, the process stops here: synchronously,
 * before this command's reply or any later one, with no snapshot of that state (process.exit runs
 * no async close). `npm start` (scripts/start.mjs) restarts it on the same data dir, which loads
 * exactly the durable state: every acknowledged command, not this one; a client whose reply was
 * lost finds out with query_order. (Events the engine delivered while applying it, the market
 * stream's private pushes, may already be on their sockets; the restart closes those, and a client
 * reconnecting loads its orders and balances again over HTTP.)
 *
 * Journaling before applying would avoid the stop, but every refused command would then have to be
 * written and cut off again, and the chain indexer treats a refused deposit as done (its cursor
 * would move past it): a stop is the one answer every caller handles.
 */
function stopWithoutJournal(op: string, seq: number, e: unknown): never {
  const why = e instanceof Error ? e.message : String(e);
  // stderr is written synchronously (a file, pipe or terminal on Linux): the line is out before the exit.
  process.stderr.write(
    `[devnet] FATAL: command ${op} (seq ${seq}) was applied in memory but its journal line could not be written (${why}); ` +
      `stopping so that only the durable state is served (a restart on this data dir loads every acknowledged command, not this unacknowledged one)\n`,
  );
  process.exit(JOURNAL_LOST_EXIT);
}
