import type { ExchangeConfig } from '../engine';

/** What the snapshot worker starts with: it loads the data dir itself, as a restart would. */
export interface SnapshotWorkerData {
  dataDir: string;
  config: ExchangeConfig;
}

/** Ledger → worker, in journal order on one port (so a snapshot request follows every line it covers). */
export type ToSnapshotWorker =
  /** Journal lines as written (JSON, no newline), in sequence order. */
  | { t: 'lines'; lines: string[] }
  /** Write snapshot.json as of sequence number `seq`, headed by the ledger's header line. */
  | { t: 'snapshot'; seq: number; header: string };

/** Worker → ledger. */
export type FromSnapshotWorker =
  /** Loaded from the data dir; follows the lines from here. */
  | { t: 'ready'; seq: number }
  /** snapshot.json is durable (renamed into place) as of `seq`; `chars` is its size. */
  | { t: 'written'; seq: number; chars: number }
  | { t: 'failed'; seq: number; message: string }
  /** The replica no longer follows the ledger: its snapshots cannot be used. */
  | { t: 'diverged'; message: string };
