// The snapshot's text of account history, made a record at a time as the record settles rather
// than all at once when a snapshot is taken: history is most of the image (10k orders and trades
// per account), and serialising it in one step stalls every request behind it.
import type { FundingTxRec, OrderRec, TradeRec } from './types.js';

export type HistoryRec = OrderRec | TradeRec | FundingTxRec;

/** Bigints are written as {"$b":"<digits>"}: user strings can never produce an object, so restore is unambiguous. */
export interface BigintImage {
  $b: string;
}

export const bigintImage = (v: bigint): BigintImage => ({ $b: v.toString() });

const bigintsAsObjects = (_k: string, v: unknown): unknown => (typeof v === 'bigint' ? bigintImage(v) : v);

export const imageJson = (value: unknown): string => JSON.stringify(value, bigintsAsObjects);

const OPEN_STATUSES = new Set(['new', 'open', 'untriggered']);

/**
 * Whether a record can no longer change. Trades and funding payments never do once written; an
 * order does until it is closed (its TP/SL children are linked by the command that fills it).
 */
const settled = (r: HistoryRec): boolean => !('status' in r) || !OPEN_STATUSES.has(r.status);

/**
 * Each record's text is kept with a leading comma: a snapshot then lists an array as the cached
 * strings themselves (the first without its comma), copying none of them: with 10k orders and
 * trades per account, joining them alone costs more than a request may wait.
 */
export class HistoryJson {
  private readonly text = new WeakMap<HistoryRec, string>();
  /** Records written by the command being applied, to be serialised once it is done. */
  private fresh: HistoryRec[] = [];

  added(r: HistoryRec): void {
    this.fresh.push(r);
  }

  /**
   * Serialises the records the last command wrote, if they have settled. Called between commands
   * (a command may still fill, close or link the records it creates). Orders left open are
   * serialised when a snapshot finds them settled.
   */
  seal(): void {
    for (const r of this.fresh) if (settled(r)) this.text.set(r, `,${imageJson(r)}`);
    this.fresh = [];
  }

  /** Appends a JSON array of the records to `out`, reusing the text of every settled one. */
  pushArray(out: string[], records: readonly HistoryRec[]): void {
    out.push('[');
    for (let i = 0; i < records.length; i++) {
      const r = records[i]!;
      let t = this.text.get(r);
      if (t === undefined) {
        t = `,${imageJson(r)}`;
        if (settled(r)) this.text.set(r, t);
      }
      out.push(i === 0 ? t.slice(1) : t);
    }
    out.push(']');
  }
}
