import type { BookView } from '../../lib/book-levels';
import type { DecodedBatch } from './frame-coalescer';
import type { LadderSpec } from './ladder-views';
import type { StreamStatus } from './socket';

/** What the page tells the market worker. */
export type ToMarketWorker =
  | { kind: 'connect'; url: string }
  /** A message for connection `conn` only: one meant for a connection that has since dropped is not sent on the next. */
  | { kind: 'send'; conn: number; message: unknown }
  /** The page has taken the last batch of public data (frame-coalescer.ts). */
  | { kind: 'pull' }
  | { kind: 'drop' }
  | { kind: 'close' }
  /** The book ladders on screen: the worker builds them beside each book it sends (ladder-views.ts). */
  | { kind: 'ladders'; specs: LadderSpec[] };

/** What the market worker tells the page. */
export type FromMarketWorker =
  | 'ready'
  | { kind: 'status'; status: StreamStatus; failures: number; openedAt: number | null; lastFrameAt: number | null }
  | { kind: 'open'; conn: number; reconnected: boolean }
  /**
   * `books`: the batch's depth snapshots (validated and sorted), as JSON text with their symbol.
   * A text crosses threads as one copy, and the page parses only the newest per symbol at its frame:
   * the market sends books faster than a screen draws them. With each, its ladders on screen, built.
   */
  | { kind: 'batch'; batch: DecodedBatch; books: HeldBook[]; lastFrameAt: number | null };

/**
 * A depth snapshot as it crosses from the worker: its symbol, its JSON text, and its ladders on
 * screen as JSON text too (`LadderTexts`; '' for none) — a string crosses as one copy, and only the
 * newest book of a frame is parsed: cloning every book's rows as objects cost the page more than
 * building the one it draws.
 */
export type HeldBook = [symbol: string, text: string, ladders: string];

/** What a held book's ladders text parses to. */
export type LadderTexts = [key: string, view: BookView][];

/** The worker's end of the channel (the worker's global scope, or a test's stand-in). */
export interface MarketWorkerPort {
  postMessage(message: FromMarketWorker): void;
  onmessage: ((e: { data: ToMarketWorker }) => void) | null;
}
