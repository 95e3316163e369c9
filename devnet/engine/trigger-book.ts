// The TP/SL children of one symbol that wait on the mark (decisions.md "Market integrity": no request's
// cost grows with state an attacker can build):
// - untriggered children indexed by trigger price, in two sides: `up` fires when mark ≥ price (sell TP,
//   buy SL), `down` when mark ≤ price (sell SL, buy TP). Each side is an array of price levels sorted so
//   the level the mark crosses first is LAST, plus a price→level map; a level is a queue in id order.
//   A cancel leaves a tombstone (status ≠ 'untriggered') that is skipped and compacted away, like the
//   order book (order-book.ts), so a cancel never shifts a large array;
// - the crossed ones waiting for their turn to fire (`pending`, in firing order): one call fires a
//   bounded batch of them (tpsl.ts), the rest fire on the following calls even if the mark goes back;
// - fired children the protection band left unfilled (`working`, status 'open', never on the book),
//   per side in firing order, passed again every tick.
// A child's place is found in O(1) (`where`), so firing or canceling one never touches the others
// beyond its level; `visits` counts the children the index has looked at (tests hold it to that).
import type { OrderRec } from './types.js';

interface TriggerLevel {
  price: number;
  queue: OrderRec[];
  head: number;
  /** Untriggered children at or after `head`. */
  live: number;
  /** Tombstones at or after `head`. */
  dead: number;
}

/** Whether the child fires when the mark is at or above its trigger (sell TP, buy SL). */
export function firesUp(o: OrderRec): boolean {
  return (o.side === 'sell') === (o.source === 'tp');
}

class TriggerSide {
  readonly levels: TriggerLevel[] = [];
  readonly byPrice = new Map<number, TriggerLevel>();

  constructor(readonly up: boolean) {}

  insert(o: OrderRec): TriggerLevel {
    let lvl = this.byPrice.get(o.price);
    if (lvl === undefined) {
      lvl = { price: o.price, queue: [], head: 0, live: 0, dead: 0 };
      this.byPrice.set(o.price, lvl);
      this.levels.splice(this.slot(o.price), 0, lvl);
    }
    lvl.queue.push(o);
    lvl.live++;
    return lvl;
  }

  /** Index keeping the array sorted with the first-crossed level last (up: highest first, down: lowest first). */
  private slot(price: number): number {
    const ls = this.levels;
    let lo = 0;
    let hi = ls.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const p = (ls[mid] as TriggerLevel).price;
      if (this.up ? p > price : p < price) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  remove(lvl: TriggerLevel): void {
    if (this.byPrice.get(lvl.price) !== lvl) return;
    this.byPrice.delete(lvl.price);
    const ls = this.levels;
    if (ls[ls.length - 1] === lvl) {
      ls.pop();
      return;
    }
    const i = this.slot(lvl.price);
    if (ls[i] === lvl) ls.splice(i, 1);
  }

  /** The first-crossed level if the mark has crossed it. */
  crossed(mark: number): TriggerLevel | undefined {
    const l = this.levels[this.levels.length - 1];
    if (l === undefined) return undefined;
    return (this.up ? mark >= l.price : mark <= l.price) ? l : undefined;
  }

  /** How far the mark is past the level (≥ 0 when crossed). */
  depth(l: TriggerLevel, mark: number): number {
    return this.up ? mark - l.price : l.price - mark;
  }
}

export class TriggerBook {
  private readonly up = new TriggerSide(true);
  private readonly down = new TriggerSide(false);
  /** Crossed children in firing order, from `pendingHead`; tombstones are skipped. */
  private pending: OrderRec[] = [];
  private pendingHead = 0;
  private pendingLive = 0;
  /** Each indexed untriggered child: its level, or null while it is pending. */
  private readonly where = new Map<OrderRec, TriggerLevel | null>();
  /** Working (fired, partly unfilled) children by side, in firing order. */
  readonly workingSell = new Set<OrderRec>();
  readonly workingBuy = new Set<OrderRec>();
  /** Instrumentation: children looked at by the index (insert, remove, cross, take, compaction). */
  visits = 0;

  /** Untriggered children indexed (pending ones included). */
  get size(): number {
    return this.where.size;
  }

  /** Crossed children still waiting to fire. */
  get backlog(): number {
    return this.pendingLive;
  }

  add(o: OrderRec): void {
    this.visits++;
    this.where.set(o, (firesUp(o) ? this.up : this.down).insert(o));
  }

  /** Restore: a child that was crossed and waiting to fire, in firing order. */
  addPending(o: OrderRec): void {
    this.visits++;
    this.pending.push(o);
    this.pendingLive++;
    this.where.set(o, null);
  }

  /** Restore / first pass: a fired child the band left unfilled. */
  addWorking(o: OrderRec): void {
    (o.side === 'sell' ? this.workingSell : this.workingBuy).add(o);
  }

  /**
   * Forgets a child that left its state (canceled, fired, done): call it after its status changed.
   * O(1) apart from the level it sat in (a level emptied leaves the sorted array).
   */
  remove(o: OrderRec): void {
    if (o.side === 'sell' ? this.workingSell.delete(o) : this.workingBuy.delete(o)) return;
    const lvl = this.where.get(o);
    if (lvl === undefined) return;
    this.visits++;
    this.where.delete(o);
    if (lvl === null) {
      this.pendingLive--;
      return;
    }
    lvl.live--;
    lvl.dead++;
    if (lvl.live <= 0) (firesUp(o) ? this.up : this.down).remove(lvl);
    else if (lvl.dead > 32 && lvl.dead * 2 > lvl.queue.length - lvl.head) this.compact(lvl);
  }

  private compact(lvl: TriggerLevel): void {
    const q: OrderRec[] = [];
    for (let k = lvl.head; k < lvl.queue.length; k++) {
      const o = lvl.queue[k] as OrderRec;
      this.visits++;
      if (o.status === 'untriggered') q.push(o);
    }
    lvl.queue = q;
    lvl.head = 0;
    lvl.dead = 0;
  }

  /**
   * Moves every level the mark has crossed to the pending queue: the levels crossed first (by price
   * priority: the deepest past the mark) first, children of a level by id. Touches only crossed children.
   */
  collect(mark: number): void {
    for (;;) {
      const u = this.up.crossed(mark);
      const d = this.down.crossed(mark);
      if (u === undefined && d === undefined) return;
      let fromUp: boolean;
      if (u === undefined) fromUp = false;
      else if (d === undefined) fromUp = true;
      else {
        const du = this.up.depth(u, mark);
        const dd = this.down.depth(d, mark);
        fromUp = du !== dd ? du > dd : firstLive(u) <= firstLive(d);
      }
      const side = fromUp ? this.up : this.down;
      const lvl = (fromUp ? u : d) as TriggerLevel;
      side.remove(lvl);
      for (let k = lvl.head; k < lvl.queue.length; k++) {
        const o = lvl.queue[k] as OrderRec;
        this.visits++;
        if (o.status !== 'untriggered') continue;
        this.pending.push(o);
        this.pendingLive++;
        this.where.set(o, null);
      }
    }
  }

  /** The next crossed child to fire, taken out of the index; undefined when none waits. */
  take(): OrderRec | undefined {
    while (this.pendingHead < this.pending.length) {
      const o = this.pending[this.pendingHead++] as OrderRec;
      this.visits++;
      if (this.where.get(o) !== null) continue; // a tombstone
      this.where.delete(o);
      this.pendingLive--;
      this.trimPending();
      return o;
    }
    this.pending = [];
    this.pendingHead = 0;
    return undefined;
  }

  private trimPending(): void {
    if (this.pendingLive === 0) {
      this.pending = [];
      this.pendingHead = 0;
    } else if (this.pendingHead > 1024 && this.pendingHead * 2 > this.pending.length) {
      this.pending = this.pending.slice(this.pendingHead);
      this.pendingHead = 0;
    }
  }

  /** Ids of the crossed children waiting to fire, in firing order (snapshot). */
  pendingIds(): number[] {
    const ids: number[] = [];
    for (let k = this.pendingHead; k < this.pending.length; k++) {
      const o = this.pending[k] as OrderRec;
      if (this.where.get(o) === null) ids.push(o.id);
    }
    return ids;
  }

  /** Ids of the working children, sells then buys, each in firing order (snapshot). */
  workingIds(): number[] {
    return [...this.workingSell, ...this.workingBuy].map((o) => o.id);
  }
}

function firstLive(l: TriggerLevel): number {
  for (let k = l.head; k < l.queue.length; k++) {
    const o = l.queue[k] as OrderRec;
    if (o.status === 'untriggered') return o.id;
  }
  return Number.MAX_SAFE_INTEGER;
}
