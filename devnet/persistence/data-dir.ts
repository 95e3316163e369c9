import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Withdrawals } from '../bridge/withdrawals';
import { Exchange, type ExchangeConfig } from '../engine';
import { applyCommand, type ChainDeposit, type LedgerState, type Stamped, type StoredChainCursor } from './commands';
import { Journal } from './journal';

/** The files of a data dir (besides the auth keys and request-id logs, which are not the ledger's). */
export const dataFiles = (dataDir: string) => ({
  genesis: join(dataDir, 'genesis.json'),
  snapshot: join(dataDir, 'snapshot.json'),
  journal: join(dataDir, 'journal.log'),
  /** The journal segment a snapshot in progress covers (journal.log renamed); deleted once it is durable. */
  sealed: join(dataDir, 'journal.prev.log'),
});

/**
 * snapshot.json. Written as one header line (this, without `exchange`, as JSON) followed by the
 * engine image verbatim: the image is already JSON, and quoting it as a string inside the header
 * would escape every one of its quotes again. Older snapshots are one JSON object with `exchange`
 * as a string (no newline anywhere in them); both load.
 */
export interface Snapshot {
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

export interface LoadedDataDir {
  state: LedgerState;
  /** Sequence number of the last command the state holds. */
  seq: number;
  /** Journal entries read (the skipped ones included). */
  entries: number;
  snapshotChars: number;
  journalChars: number;
}

/**
 * The state a data dir holds: snapshot.json, then the sealed segment, then journal.log, skipping
 * every entry whose sequence number the snapshot already holds. Reads only (genesis.json must exist
 * when the dir has a journal; Ledger.open writes it). Both the Ledger and the snapshot worker's
 * replica start here, so they start equal.
 */
export function loadDataDir(dataDir: string, config: ExchangeConfig): LoadedDataDir {
  const files = dataFiles(dataDir);
  // The journal replays onto the exchange as it was first created: same start time and seed.
  const genesis = existsSync(files.genesis) ? (JSON.parse(readFileSync(files.genesis, 'utf8')) as Pick<ExchangeConfig, 'startTime' | 'seed'>) : {};
  const state: LedgerState = { exchange: new Exchange({ ...config, ...genesis }), withdrawals: new Withdrawals(), chainCursor: null, chainDeposits: {} };
  let seq = 0;
  let snapshotChars = 0;
  if (existsSync(files.snapshot)) {
    const text = readFileSync(files.snapshot, 'utf8');
    snapshotChars = text.length;
    const snap = parseSnapshotFile(text);
    state.exchange = Exchange.restore(snap.exchange, {
      ...(config.makers !== undefined ? { makers: config.makers } : {}),
      ...(config.fundingIntervalMs !== undefined ? { fundingIntervalMs: config.fundingIntervalMs } : {}),
    });
    state.withdrawals = Withdrawals.fromJSON(snap.withdrawals);
    state.chainCursor = snap.chainCursor;
    state.chainDeposits = snap.chainDeposits ?? {};
    seq = snap.seq ?? 0;
  }
  // A sealed segment left by a snapshot that had not become durable (or whose segment was not yet
  // deleted) comes first: its entries precede journal.log's.
  const entries = [...Journal.read(files.sealed), ...Journal.read(files.journal)] as Stamped[];
  state.exchange.keepHistoryJson();
  for (const e of entries) {
    // A crash between writing the snapshot and emptying the journal leaves entries the
    // snapshot already holds: applying them again would double orders, fills and transfers.
    if (e.seq !== undefined && e.seq <= seq) continue;
    applyCommand(state, e);
    state.exchange.sealHistory();
    seq = e.seq ?? seq + 1;
  }
  const journalChars = [files.sealed, files.journal].reduce((n, f) => n + (existsSync(f) ? statSync(f).size : 0), 0);
  return { state, seq, entries: entries.length, snapshotChars, journalChars };
}
