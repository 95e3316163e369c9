import type { ExchangeConfig } from '../engine';
import { applyCommand, type LedgerState, type Stamped } from './commands';
import { loadDataDir } from './data-dir';

/** The replica no longer follows the ledger (a gap in the lines, or a command the ledger accepted refused here). */
export class ReplicaDiverged extends Error {
  override name = 'ReplicaDiverged';
}

/**
 * A second copy of the ledger's state, kept equal to it by applying the journal lines the ledger
 * writes, so that the snapshot image can be made from it (in the snapshot worker) instead of from
 * the live state on the request thread. It starts from the data dir as a restart would and follows
 * the ledger line by line; the image it makes at sequence number n is the image the ledger would
 * have made at n (the engine is deterministic, which restart replay already depends on).
 */
export class SnapshotReplica {
  private constructor(
    private readonly state: LedgerState,
    /** Sequence number of the last line applied. */
    public seq: number,
  ) {}

  /** From the data dir's files, exactly as Ledger.open loads them. */
  static load(dataDir: string, config: ExchangeConfig): SnapshotReplica {
    const { state, seq } = loadDataDir(dataDir, config);
    return new SnapshotReplica(state, seq);
  }

  /**
   * Applies one journal line (the JSON Ledger.run journaled, without its newline). A line the
   * replica already holds is skipped: a replica loaded from the files while the ledger went on
   * journaling also receives, as lines, entries it read from the journal.
   */
  applyLine(line: string): void {
    const e = JSON.parse(line) as Stamped;
    if (e.seq === undefined) throw new ReplicaDiverged('a journal line without a sequence number');
    if (e.seq <= this.seq) return;
    if (e.seq !== this.seq + 1) throw new ReplicaDiverged(`line ${e.seq} after ${this.seq}: lines are missing`);
    const out = applyCommand(this.state, e);
    // The ledger journals only what it accepted: a refusal here means the two states differ.
    if (!out.ok) throw new ReplicaDiverged(`line ${e.seq} (${e.op}) was refused here: ${out.message}`);
    this.state.exchange.sealHistory();
    this.seq = e.seq;
  }

  /**
   * snapshot.json's text as pieces: the header the ledger made when it sealed the journal at
   * `seq` (withdrawals, chain cursor and deposits, time — the ledger's own, so exactly its values),
   * then this replica's engine image, which must be at that same `seq`.
   */
  image(seq: number, headerJson: string): string[] {
    if (this.seq !== seq) throw new ReplicaDiverged(`snapshot asked at ${seq}, replica at ${this.seq}`);
    return [`${headerJson}\n`, ...this.state.exchange.snapshotChunks()];
  }
}
