import type { BookView } from '../../lib/book-levels';
import type { DecodedBatch } from './frame-coalescer';
import type { LadderSpec } from './ladder-views';
import type { StreamStatus } from './socket';

/** What the page tells the market worker. */
export type ToMarketWorker =
  | { kind: 'connect'; url: string }
  /** A message for connection `conn` only: one meant for a connection that has since dropped is not sent on the next. */
  | { kind: 'send'; conn: number; message: unknown }
  /**
   * The page has taken `taken` more batches of public data (frame-coalescer.ts): it says so once a
   * frame (or every ACK_EVERY batches, a hidden page has no frames), not once a batch.
   */
  | { kind: 'pull'; taken: number }
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
   * `books`: the batch's depth snapshots (validated and sorted), each in one transferred buffer
   * with its symbol; the page decodes only the newest per symbol at its frame: the market sends
   * books faster than a screen draws them. With each, its ladders on screen, built. `batch` holds
   * the rest (trades, prices, the account's channels, refused frames); null when there is none.
   */
  | { kind: 'batch'; batch: DecodedBatch | null; books: HeldBook[]; lastFrameAt: number | null };

/**
 * A depth snapshot as it crosses from the worker: its symbol, and one buffer (transferred, not
 * copied: the page's receipt of a book costs the same at any depth, and makes no garbage) holding
 * the message's JSON text as UTF-8, then from `laddersAt` its ladders on screen as JSON (`LadderTexts`;
 * none when `laddersAt` is the buffer's end). Only the newest book of a frame is decoded: cloning
 * every book's rows as objects cost the page more than building the one it draws.
 */
export type HeldBook = [symbol: string, bytes: ArrayBuffer, laddersAt: number];

/**
 * How many batches of public data the worker sends before the page says it took them (frame-coalescer.ts):
 * a page busy for a while finds at most this many waiting, then one with what queued meanwhile.
 */
export const BATCHES_IN_FLIGHT = 16;
/** The page says what it took at its frame, or after this many batches, whichever comes first. */
export const ACK_EVERY = 8;

/** What a held book's ladders text parses to. */
export type LadderTexts = [key: string, view: BookView][];

/** The worker's end of the channel (the worker's global scope, or a test's stand-in). */
export interface MarketWorkerPort {
  postMessage(message: FromMarketWorker, transfer?: Transferable[]): void;
  onmessage: ((e: { data: ToMarketWorker }) => void) | null;
}
