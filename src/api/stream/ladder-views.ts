import { buildBook, type BookPlaces, type BookView, type DepthLevel } from '../../lib/book-levels';

/** A book ladder on screen: a symbol's book grouped by `tick`, `rows` deep on each side, at `places`. */
export interface LadderSpec {
  symbol: string;
  tick: string;
  rows: number;
  places: BookPlaces;
}

/** One key per distinct ladder of a symbol's book. */
export function ladderKey(s: LadderSpec): string {
  return `${s.tick}|${s.rows}|${s.places.price}|${s.places.size}|${s.places.spread}`;
}

interface Levels {
  asks: readonly DepthLevel[];
  bids: readonly DepthLevel[];
}

/** The ladders the market worker built with each book it sent, found by the book the page parsed. */
const built = new WeakMap<Levels, ReadonlyMap<string, BookView>>();

/** The ladders of `specs` for `book` (the market worker builds them beside the book it sends). */
export function buildLadders(book: Levels, specs: readonly LadderSpec[]): [key: string, view: BookView][] {
  return specs.map((s) => [ladderKey(s), buildBook(book, s.tick, s.rows, s.places)]);
}

/** Keeps the ladders built for `book` with it, for `ladderOf`. */
export function attachLadders(book: Levels, ladders: readonly [string, BookView][]): void {
  if (ladders.length > 0) built.set(book, new Map(ladders));
}

/**
 * `book` as the ladder `spec` shows it: as the market worker built it beside the book (grouped for
 * the shown rows, off the main thread), else built here (an HTTP book, a page socket, a ladder the
 * worker had not heard of yet). Either way the same function of the same book.
 */
export function ladderOf(book: Levels, spec: LadderSpec): BookView {
  return builtLadder(book, spec) ?? buildBook(book, spec.tick, spec.rows, spec.places);
}

/** The ladder the market worker built beside `book` for `spec`, if it did. */
export function builtLadder(book: Levels, spec: LadderSpec): BookView | undefined {
  return built.get(book)?.get(ladderKey(spec));
}
