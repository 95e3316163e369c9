// Which part of each fill closes the position and which opens one, replaying the account's fills of a
// symbol in order (buy +qty, sell −qty), as the exchange books them (devnet/engine/positions.ts
// applyFill): a fill against the position first closes up to its size, the rest opens the other way.
type Side = 'buy' | 'sell';

/** How one fill changed the position, in quantity units (10^-qtyScale). */
export interface FillSplit {
  /** Signed position before the fill (+ long, − short). */
  before: bigint;
  /** Signed position after: before + (buy ? qty : −qty). */
  after: bigint;
  /** Quantity that reduced the position: min(qty, |before|) when the fill is against it, else 0. */
  closed: bigint;
  /** Quantity that opened or added: qty − closed. */
  opened: bigint;
}

/**
 * closed = (before ≠ 0 and side against it) ? min(qty, |before|) : 0; opened = qty − closed;
 * after = before ± qty. A flip is closed > 0 and opened > 0 (one fill closes the long and opens a short).
 */
export function splitFill(before: bigint, side: Side, qty: bigint): FillSplit {
  const buy = side === 'buy';
  const after = buy ? before + qty : before - qty;
  if (before === 0n || before > 0n === buy) return { before, after, closed: 0n, opened: qty };
  const size = before > 0n ? before : -before;
  return qty <= size ? { before, after, closed: qty, opened: 0n } : { before, after, closed: size, opened: qty - size };
}

/** One fill closed the position and opened the other way: closed > 0 and opened > 0. */
export function isFlip(s: FillSplit): boolean {
  return s.closed > 0n && s.opened > 0n;
}

/** Replays fills in the order given; `positions` holds each symbol's signed size after the last fill. */
export class PositionWalk {
  readonly positions = new Map<string, bigint>();

  /** position[symbol] ← splitFill(position[symbol], side, qty).after */
  apply(symbol: string, side: Side, qty: bigint): FillSplit {
    const split = splitFill(this.positions.get(symbol) ?? 0n, side, qty);
    this.positions.set(symbol, split.after);
    return split;
  }
}
