// One side of a price-level book. Levels live in an array sorted so the best
// level is LAST (pop/peek are O(1) while matching) plus a price→level map for
// O(1) insertion at an existing price. Each level is a FIFO queue; canceled
// orders stay in the queue as tombstones (status ≠ 'open') and are skipped,
// then compacted away, so a cancel never shifts a large array.
import type { OrderRec } from './types.js';

export interface Level {
  price: number;
  queue: OrderRec[];
  head: number;
  /** Live lots resting at this price. */
  total: number;
  /** Tombstones at or after `head`. */
  dead: number;
}

export class BookSide {
  readonly levels: Level[] = [];
  readonly byPrice = new Map<number, Level>();

  constructor(readonly isBid: boolean) {}

  best(): Level | undefined {
    return this.levels[this.levels.length - 1];
  }

  bestPrice(): number {
    const l = this.levels[this.levels.length - 1];
    return l === undefined ? 0 : l.price;
  }

  insert(o: OrderRec): void {
    let lvl = this.byPrice.get(o.price);
    if (lvl === undefined) {
      lvl = { price: o.price, queue: [], head: 0, total: 0, dead: 0 };
      this.byPrice.set(o.price, lvl);
      this.levels.splice(this.slot(o.price), 0, lvl);
    }
    lvl.queue.push(o);
    lvl.total += o.qty - o.filled;
  }

  /** Index where a new level at `price` keeps the array sorted (best last). */
  private slot(price: number): number {
    const ls = this.levels;
    let lo = 0;
    let hi = ls.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const p = (ls[mid] as Level).price;
      if (this.isBid ? p < price : p > price) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Removes `lots` of live quantity after a cancel (the order is already marked dead). */
  cancelled(o: OrderRec, lots: number): void {
    const lvl = this.byPrice.get(o.price);
    if (lvl === undefined) return;
    lvl.total -= lots;
    lvl.dead++;
    if (lvl.total <= 0) this.removeLevel(lvl);
    else if (lvl.dead > 32 && lvl.dead * 2 > lvl.queue.length - lvl.head) compact(lvl);
  }

  removeLevel(lvl: Level): void {
    if (this.byPrice.get(lvl.price) !== lvl) return;
    this.byPrice.delete(lvl.price);
    const ls = this.levels;
    if (ls[ls.length - 1] === lvl) {
      ls.pop();
      return;
    }
    const i = this.slot(lvl.price);
    if (ls[i] === lvl) ls.splice(i, 1);
    else {
      const j = ls.indexOf(lvl);
      if (j >= 0) ls.splice(j, 1);
    }
  }

  /** Live orders, best level first, FIFO within a level. */
  *orders(): Generator<OrderRec> {
    for (let i = this.levels.length - 1; i >= 0; i--) {
      const lvl = this.levels[i] as Level;
      for (let k = lvl.head; k < lvl.queue.length; k++) {
        const o = lvl.queue[k] as OrderRec;
        if (o.status === 'open') yield o;
      }
    }
  }
}

function compact(lvl: Level): void {
  const q: OrderRec[] = [];
  for (let k = lvl.head; k < lvl.queue.length; k++) {
    const o = lvl.queue[k] as OrderRec;
    if (o.status === 'open') q.push(o);
  }
  lvl.queue = q;
  lvl.head = 0;
  lvl.dead = 0;
}

/** Skip tombstones at the head of a level; returns the first live order or undefined. */
export function headOrder(lvl: Level): OrderRec | undefined {
  while (lvl.head < lvl.queue.length) {
    const o = lvl.queue[lvl.head] as OrderRec;
    if (o.status === 'open') return o;
    lvl.head++;
    lvl.dead--;
  }
  return undefined;
}

/** Called when the head order is fully filled. */
export function popHead(lvl: Level): void {
  lvl.head++;
  if (lvl.head > 64 && lvl.head * 2 > lvl.queue.length) {
    lvl.queue = lvl.queue.slice(lvl.head);
    lvl.head = 0;
  }
}
