import type { DecodedBatch } from './frame-coalescer';
import type { StreamStatus } from './socket';

/** What the page tells the market worker. */
export type ToMarketWorker =
  | { kind: 'connect'; url: string }
  /** A message for connection `conn` only: one meant for a connection that has since dropped is not sent on the next. */
  | { kind: 'send'; conn: number; message: unknown }
  /** The page has taken the last batch of public data (frame-coalescer.ts). */
  | { kind: 'pull' }
  | { kind: 'drop' }
  | { kind: 'close' };

/** What the market worker tells the page. */
export type FromMarketWorker =
  | 'ready'
  | { kind: 'status'; status: StreamStatus; failures: number; openedAt: number | null; lastFrameAt: number | null }
  | { kind: 'open'; conn: number; reconnected: boolean }
  /**
   * `books`: the batch's depth snapshots (validated and sorted), as JSON text with their symbol.
   * A text crosses threads as one copy, and the page parses only the newest per symbol at its frame:
   * the market sends books faster than a screen draws them.
   */
  | { kind: 'batch'; batch: DecodedBatch; books: [symbol: string, text: string][]; lastFrameAt: number | null };

/** The worker's end of the channel (the worker's global scope, or a test's stand-in). */
export interface MarketWorkerPort {
  postMessage(message: FromMarketWorker): void;
  onmessage: ((e: { data: ToMarketWorker }) => void) | null;
}
