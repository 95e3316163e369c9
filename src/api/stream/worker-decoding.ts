import { buildBook, type BookView, type DepthLevel } from '../../lib/book-levels';
import { compareDecimalStrings, isZeroDecimalString } from '../../lib/decimal';
import type { DepthBook, MarketStreamMessage } from '../schemas';
import { decodeFrame, type Decoded } from './frame-coalescer';
import { ladderKey, type LadderSpec } from './ladder-views';

/**
 * The market worker's shortcuts for depth snapshots, the bulk of the stream (two hundred a second
 * in a busy market). A book's time in the worker is time before the page can draw it: a book that
 * reaches the page after its frame began waits a whole frame more. Each gives exactly what the
 * general path gives (worker-decoding.test.ts compares them), only sooner.
 */

/** The schema's decimal string (schemas/primitives.ts `decimalString`). */
const DECIMAL = /^-?\d+(\.\d+)?$/;

function levelsValid(levels: unknown): levels is DepthLevel[] {
  if (!Array.isArray(levels)) return false;
  for (const l of levels as unknown[]) {
    if (!Array.isArray(l) || l.length !== 2) return false;
    const [price, size] = l as unknown[];
    if (typeof price !== 'string' || typeof size !== 'string' || !DECIMAL.test(price) || !DECIMAL.test(size)) return false;
  }
  return true;
}

/**
 * A depth message the schema accepts, as it would give it back (known keys only, in its order);
 * null for anything else, which the schema then judges (and words the error). Checking two hundred
 * levels by hand costs a fraction of the schema's walk, which without code generation (the CSP
 * refuses it) interprets every level.
 */
export function depthMessage(raw: unknown): MarketStreamMessage | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const m = raw as Record<string, unknown>;
  if (m.channel !== 'depth_book' || !Number.isSafeInteger(m.seq)) return null;
  if ('symbol' in m && typeof m.symbol !== 'string') return null;
  const data = m.data as Record<string, unknown> | null;
  if (typeof data !== 'object' || data === null || Array.isArray(data) || typeof data.symbol !== 'string') return null;
  if (!levelsValid(data.asks) || !levelsValid(data.bids)) return null;
  const book: DepthBook = { symbol: data.symbol, asks: data.asks as DepthBook['asks'], bids: data.bids as DepthBook['bids'] };
  return 'symbol' in m
    ? { seq: m.seq as number, channel: 'depth_book', symbol: m.symbol as string, data: book }
    : { seq: m.seq as number, channel: 'depth_book', data: book };
}

/** decodeFrame, with depth snapshots checked by `depthMessage`. */
export function decodeInWorker(text: string): Decoded {
  if (text.includes('"depth_book"')) {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return { ok: false, error: 'not JSON' };
    }
    const message = depthMessage(raw);
    if (message) return { ok: true, message };
  }
  return decodeFrame(text);
}

/** Best first (asks rising, bids falling), empty levels dropped: what the book draws. */
function bestFirst(levels: DepthBook['asks'], side: 'asks' | 'bids'): DepthBook['asks'] {
  const live = levels.filter(([, size]) => !isZeroDecimalString(size));
  return live.sort(side === 'asks' ? (a, b) => compareDecimalStrings(a[0], b[0]) : (a, b) => compareDecimalStrings(b[0], a[0]));
}

/**
 * Sorts a book the worker sends, best first (the service does not sort), so the page's own sort
 * (lib/book-levels.ts, which HTTP books need too) meets sorted input and costs one pass, and the
 * ladders below can be built from the first levels. One sort per symbol per batch, not per message.
 */
export function sortBook(book: DepthBook): void {
  book.asks = bestFirst(book.asks, 'asks');
  book.bids = bestFirst(book.bids, 'bids');
}

/** A whole decimal or one with places: a tick the shortcut below reads as is. */
const PLAIN_TICK = /^\d+(\.\d+)?$/;

type Sides = { asks: readonly DepthLevel[]; bids: readonly DepthLevel[] };

/**
 * `spec`'s ladder built from the first `keep` levels of each side (sorted best first, as the worker
 * sends them), or null where that cut could have split the last row's bucket or a side ran short:
 * the first level left out must lie past the last row's bucket. Asks rise (a bucket is rounded up:
 * a level above it is beyond), bids fall (rounded down: a level below it is beyond).
 */
function cutLadder(book: Sides, spec: LadderSpec, keep: number): BookView | null {
  const view = buildBook({ asks: book.asks.slice(0, keep), bids: book.bids.slice(0, keep) }, spec.tick, spec.rows, spec.places);
  const complete = (side: readonly DepthLevel[], rows: BookView['asks'], sign: 1 | -1) => {
    if (side.length <= keep) return true;
    const last = rows.at(-1);
    return rows.length === spec.rows && last !== undefined && sign * compareDecimalStrings(side[keep]![0], last.price) > 0;
  };
  return complete(book.asks, view.asks, 1) && complete(book.bids, view.bids, -1) ? view : null;
}

/** How many levels a side each ladder took last time: books change little from one to the next. */
const keeps = new Map<string, number>();

/**
 * `buildBook` of only as many levels as the ladder's rows take, for a book sorted best first: a
 * hundred levels a side were read into bigints and sorted again for the twenty rows a panel shows.
 * A row's price is its bucket exactly only when the tick's places are all shown; otherwise, and
 * when the cut falls short (then the next book of this ladder is cut deeper), the whole book is used.
 */
export function ladderOfSorted(book: Sides, spec: LadderSpec): BookView {
  const places = spec.tick.indexOf('.') < 0 ? 0 : spec.tick.length - spec.tick.indexOf('.') - 1;
  const deepest = Math.max(book.asks.length, book.bids.length);
  if (PLAIN_TICK.test(spec.tick) && /[1-9]/.test(spec.tick) && places <= spec.places.price) {
    const key = `${spec.symbol}|${ladderKey(spec)}`;
    const keep = keeps.get(key) ?? spec.rows + 1;
    if (keep < deepest) {
      const view = cutLadder(book, spec, keep);
      if (view) return view;
      keeps.set(key, 2 * keep);
    }
  }
  return buildBook(book, spec.tick, spec.rows, spec.places);
}

/** The ladders of `specs` for a book sorted best first (ladder-views.ts `buildLadders`, sooner). */
export function laddersOfSorted(book: Sides, specs: readonly LadderSpec[]): [key: string, view: BookView][] {
  return specs.map((s) => [ladderKey(s), ladderOfSorted(book, s)]);
}
