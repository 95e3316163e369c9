// Margin and balance formulas (service-interface.md 2.5/2.6) as named functions.
// Every figure is exact 1e-18 integer arithmetic; divisions round against the
// trader (margins up) so the exchange never under-reserves.
import { bmax, bmin, divCeil, SCALE } from './decimal.js';
import { posConfigOf } from './state.js';
import type { Ctx, SymbolState } from './state.js';
import type { SymbolSpec } from './symbols.js';
import type { Account, MarginMemo, PositionRec } from './types.js';
import { lockOfNotional, lockRatio, type LockRatio } from '../../src/lib/order-lock';

/** Leverages as bigints, made once: the margin formulas divide by them on every order. */
const LEVERAGE: bigint[] = [];

export function bigLeverage(leverage: number): bigint {
  let v = LEVERAGE[leverage];
  if (v === undefined) {
    v = BigInt(leverage);
    if (Number.isInteger(leverage) && leverage >= 0 && leverage <= 1000) LEVERAGE[leverage] = v;
  }
  return v;
}

/** leverage − 1 as bigints, for the leverages LEVERAGE holds from 1 up. */
const LEVERAGE_LESS1: bigint[] = [];

/**
 * divCeil(a, leverage) with one bigint operation fewer: for a ≥ 0 and a whole leverage ≥ 1 the
 * quotient rounded up is (a + leverage − 1) / leverage (an add and a division, where divCeil takes a
 * division, a multiplication and an add). Anything else goes to divCeil. Runs for every new order
 * (the initial margin of each cross position) and every isolated opening fill.
 */
export function ceilByLeverage(a: bigint, leverage: number): bigint {
  if (a >= 0n && Number.isInteger(leverage) && leverage >= 1 && leverage <= 1000) {
    let l1 = LEVERAGE_LESS1[leverage];
    if (l1 === undefined) {
      l1 = BigInt(leverage - 1);
      LEVERAGE_LESS1[leverage] = l1;
    }
    return (a + l1) / bigLeverage(leverage);
  }
  return divCeil(a, bigLeverage(leverage));
}

export function notionalOf(spec: SymbolSpec, ticks: number, lots: number): bigint {
  return BigInt(ticks * lots) * spec.notionalUnit;
}

/** |qty| × mark. */
export function positionValue(ctx: Ctx, pos: PositionRec): bigint {
  const s = ctx.syms.get(pos.symbol);
  if (s === undefined) return 0n;
  return notionalOf(s.spec, s.mark, pos.qty < 0 ? -pos.qty : pos.qty);
}

/** qty × (mark − entry), qty signed. */
export function upnlAt(pos: PositionRec, value: bigint): bigint {
  return pos.qty > 0 ? value - pos.entryValue : pos.entryValue - value;
}

export function positionUpnl(ctx: Ctx, pos: PositionRec): bigint {
  return upnlAt(pos, positionValue(ctx, pos));
}

/** |qty| × entry / leverage. */
export function initialMargin(pos: PositionRec, leverage: number): bigint {
  return ceilByLeverage(pos.entryValue, leverage);
}

/** position_value × mmr. */
export function maintMargin(spec: SymbolSpec, value: bigint): bigint {
  return divCeil(value * spec.mmr, SCALE);
}

/** Margin held for the position: its isolated margin, or the initial margin when cross. */
export function holdingMargin(pos: PositionRec, leverage: number): bigint {
  return pos.mode === 'isolated' ? pos.isoMargin : initialMargin(pos, leverage);
}

export interface AccountFigures {
  locked: bigint;
  crossMargin: bigint;
  crossUpnl: bigint;
  crossMaint: bigint;
  isolatedBalance: bigint;
  isolatedUpnl: bigint;
}

/** One pass over the account's positions collecting what the balance formulas need. */
export function accountFigures(ctx: Ctx, acct: Account): AccountFigures {
  let crossMargin = 0n;
  let crossUpnl = 0n;
  let crossMaint = 0n;
  let isolatedBalance = 0n;
  let isolatedUpnl = 0n;
  for (const pos of acct.positions.values()) {
    const s = ctx.syms.get(pos.symbol);
    if (s === undefined) continue;
    const value = notionalOf(s.spec, s.mark, pos.qty < 0 ? -pos.qty : pos.qty);
    const upnl = upnlAt(pos, value);
    if (pos.mode === 'isolated') {
      isolatedBalance += pos.isoMargin;
      isolatedUpnl += upnl;
    } else {
      crossMargin += initialMargin(pos, posConfigOf(acct, s.spec).leverage);
      crossUpnl += upnl;
      crossMaint += maintMargin(s.spec, value);
    }
  }
  return { locked: lockedAmount(ctx, acct), crossMargin, crossUpnl, crossMaint, isolatedBalance, isolatedUpnl };
}

/** Perps equity: cross balance + isolated margins + upnl of every position, at the mark. */
export function perpsEquity(ctx: Ctx, acct: Account): bigint {
  let sum = acct.cross;
  for (const p of acct.positions.values()) sum += p.isoMargin + positionUpnl(ctx, p);
  return sum;
}

/** isolated_balance: Σ isolated margin (including transfers). */
export function isolatedBalance(ctx: Ctx, acct: Account): bigint {
  return accountFigures(ctx, acct).isolatedBalance;
}

function marginMemo(acct: Account): MarginMemo {
  let m = acct.marginMemo;
  if (m === undefined) {
    m = { lockIdx: -1, lockTl: 0, lockLev: 0, lock: 0n, imPos: undefined, imEntry: 0n, imLev: 0, im: 0n };
    acct.marginMemo = m;
  }
  return m;
}

/**
 * lockForTl for the account's symbol index `i`, remembered for the last index, Σ ticks×lots and
 * leverage it was made for (most accounts rest orders in one symbol, and an account's lock is asked
 * for again before its orders change).
 */
function lockOf(ctx: Ctx, acct: Account, spec: SymbolSpec, i: number, tl: number): bigint {
  const leverage = posConfigOf(acct, spec).leverage;
  const m = marginMemo(acct);
  if (m.lockIdx === i && m.lockTl === tl && m.lockLev === leverage) return m.lock;
  const lock = lockForTl(ctx, spec, tl, leverage);
  m.lockIdx = i;
  m.lockTl = tl;
  m.lockLev = leverage;
  m.lock = lock;
  return lock;
}

/** initialMargin(pos, leverage), remembered for the last position, entry value and leverage. */
function initialMarginOf(acct: Account, pos: PositionRec, leverage: number): bigint {
  const m = marginMemo(acct);
  if (m.imPos === pos && m.imLev === leverage && m.imEntry === pos.entryValue) return m.im;
  const im = ceilByLeverage(pos.entryValue, leverage);
  m.imPos = pos;
  m.imEntry = pos.entryValue;
  m.imLev = leverage;
  m.im = im;
  return im;
}

/** locked: order lock of every resting order (margin + taker fee, × safety factor), per symbol. */
export function lockedAmount(ctx: Ctx, acct: Account): bigint {
  let sum = 0n;
  const tl = acct.lockTl;
  for (let i = 0; i < tl.length; i++) {
    const v = tl[i];
    const s = ctx.symList[i];
    if (v === undefined || v === 0 || s === undefined) continue;
    const lock = lockOf(ctx, acct, s.spec, i, v);
    // The first lock is the sum so far as it is (most accounts rest orders in one symbol): no 0n + lock.
    sum = sum === 0n ? lock : sum + lock;
  }
  return sum;
}

/** cross_available = cross_balance − cross_margin − locked + cross_upnl (may be negative). */
export function crossAvailable(acct: Account, f: AccountFigures): bigint {
  return acct.cross - f.crossMargin - f.locked + f.crossUpnl;
}

/** balance = cross_balance + isolated_balance. */
export function balanceTotal(acct: Account, f: AccountFigures): bigint {
  return acct.cross + f.isolatedBalance;
}

/** upnl = cross_upnl + isolated_upnl. */
export function totalUpnl(f: AccountFigures): bigint {
  return f.crossUpnl + f.isolatedUpnl;
}

/** equity = balance + upnl. */
export function equity(acct: Account, f: AccountFigures): bigint {
  return balanceTotal(acct, f) + totalUpnl(f);
}

/** pnl_freeze: realized trade PnL of the last 24 h (fees and funding excluded). */
export function pnlFreeze(acct: Account, now: number): bigint {
  let sum = 0n;
  const since = now - 86_400_000;
  for (let i = acct.trades.length - 1; i >= 0; i--) {
    const t = acct.trades[i];
    if (t === undefined || t.time < since) break;
    sum += t.pnl;
  }
  return sum;
}

/**
 * Cash-backed free margin: cross_available, but unrealized profit does not count.
 * It funds isolated margin and is what transfer_to_spot may move out.
 */
export function freeCash(acct: Account, f: AccountFigures): bigint {
  return bmin(crossAvailable(acct, f), acct.cross - f.crossMargin - f.locked);
}

/** Perps wallet "free": what transfer_to_spot accepts, never negative. */
export function withdrawable(ctx: Ctx, acct: Account): bigint {
  return bmax(0n, freeCash(acct, accountFigures(ctx, acct)));
}

/**
 * Margin an order may still use: cross_available for cross, the cash-backed
 * free margin for isolated. Same figures as accountFigures, without the terms
 * the answer does not need (hot path: runs for every new order). `sym`: the order's symbol (its
 * state is at hand, so neither its config nor a position in it is looked up by name).
 */
export function availableFor(ctx: Ctx, acct: Account, sym: SymbolState): bigint {
  // base = cross − cross margin − locked, each position's margin taken straight from the cross balance.
  let base = acct.cross - lockedAmount(ctx, acct);
  let crossUpnl = 0n;
  for (const pos of acct.positions.values()) {
    if (pos.mode === 'isolated') continue;
    const s = pos.symbol === sym.spec.symbol ? sym : ctx.syms.get(pos.symbol);
    if (s === undefined) continue;
    base -= initialMarginOf(acct, pos, posConfigOf(acct, s.spec).leverage);
    const upnl = upnlAt(pos, notionalOf(s.spec, s.mark, pos.qty < 0 ? -pos.qty : pos.qty));
    crossUpnl = crossUpnl === 0n ? upnl : crossUpnl + upnl;
  }
  if (crossUpnl === 0n) return base;
  if (posConfigOf(acct, sym.spec).mode === 'cross') return base + crossUpnl;
  return crossUpnl < 0n ? base + crossUpnl : base;
}

/** Order lock = notional × (1/leverage + taker_fee) × (1 + safety%/100), rounded up (src/lib/order-lock). */
export function orderLock(ctx: Ctx, spec: SymbolSpec, lots: number, ticks: number, leverage: number): bigint {
  if (lots <= 0 || ticks <= 0) return 0n;
  return lockForTl(ctx, spec, ticks * lots, leverage);
}

/**
 * The same for a Σ ticks×lots amount. The shared ratio is scaled by the notional of one tick×lot
 * and cached per leverage, so the hot path is one multiply and one division.
 */
export function lockForTl(ctx: Ctx, spec: SymbolSpec, tl: number, leverage: number): bigint {
  const r = lockPerTl(ctx, spec, leverage);
  // lockOfNotional rounds tl × num / den up with a division, a multiplication and an add; for
  // tl ≥ 0 (and den > 0: leverage ≥ 1) adding den − 1 before the division gives the same integer.
  if (tl >= 0 && r.den > 0n) return (BigInt(tl) * r.num + r.denLess1) / r.den;
  return lockOfNotional(BigInt(tl), r);
}

function lockPerTl(ctx: Ctx, spec: SymbolSpec, leverage: number): LockRatio & { denLess1: bigint } {
  let r = spec.lockPerTl[leverage];
  if (r === undefined) {
    const base = lockRatio(leverage, spec.takerRate, ctx.cfg.lockSafetyPct);
    r = { num: spec.notionalUnit * base.num, den: base.den, denLess1: base.den - 1n };
    spec.lockPerTl[leverage] = r;
  }
  return r;
}

/**
 * available < orderLock(lots at ticks), decided without making the lock: the lock is tl × num / den
 * rounded up, and a whole number is below x rounded up exactly when it is below x, so the test is
 * available × den < tl × num (three bigint operations instead of five; runs for every new order).
 */
export function lockExceeds(ctx: Ctx, spec: SymbolSpec, lots: number, ticks: number, leverage: number, available: bigint): boolean {
  if (lots <= 0 || ticks <= 0) return available < 0n;
  const r = lockPerTl(ctx, spec, leverage);
  return available * r.den < BigInt(ticks * lots) * r.num;
}

/**
 * decisions.md, "Money safety": a fill never leaves the margin behind it short at the mark. A fill at
 * or better than the mark does not lower equity at mark, so it always passes. An adverse one (a buy
 * above the mark, a sell below) must leave the isolated position — or, in cross, the account — with
 * at least its maintenance margin at the mark, and a position it closes whole must not end in a
 * deficit the insurance fund would pay. An isolated position's opening part brings its adverse loss
 * as extra margin (applyFill), which must exist as free cash.
 *
 * `budgeted`: the taker's margin budget already charged this fill's adverse loss against cross
 * availability (cross) or free cash (isolated opening), so those cases need no second look. Fees are
 * left out: they are covered by the order lock or the taker budget.
 */
export function fillKeepsMargin(
  ctx: Ctx, s: SymbolState, acct: Account, side: 'buy' | 'sell', lots: number, price: number, budgeted: boolean,
): boolean {
  const buy = side === 'buy';
  const adverseTicks = buy ? price - s.mark : s.mark - price;
  if (adverseTicks <= 0 || acct.system) return true;
  const spec = s.spec;
  const pos = acct.positions.get(spec.symbol);
  const qty = pos === undefined ? 0 : pos.qty;
  const size = qty < 0 ? -qty : qty;
  const closeLots = qty !== 0 && qty > 0 !== buy ? Math.min(lots, size) : 0;
  const openLots = lots - closeLots;
  const after = qty + (buy ? lots : -lots);
  const mode = pos !== undefined ? pos.mode : posConfigOf(acct, spec).mode;
  if (mode === 'cross') {
    if (budgeted) return true;
    // Only the cross upnl and the maintenance margin of the other cross positions matter here: the
    // order locks (accountFigures' costliest term) do not, and this runs for every adverse maker fill.
    // Runs for about every third fill (a maker's adverse one): sums start from their first term and
    // zero terms are not added, which saves bigint operations, not changes the figures.
    let crossUpnl = 0n;
    let othersMaint = 0n;
    for (const p of acct.positions.values()) {
      if (p.mode === 'isolated') continue;
      const ps = p === pos ? s : ctx.syms.get(p.symbol);
      if (ps === undefined) continue;
      const value = notionalOf(ps.spec, ps.mark, p.qty < 0 ? -p.qty : p.qty);
      const upnl = upnlAt(p, value);
      crossUpnl = crossUpnl === 0n ? upnl : crossUpnl + upnl;
      if (p !== pos) {
        const maint = maintMargin(ps.spec, value);
        othersMaint = othersMaint === 0n ? maint : othersMaint + maint;
      }
    }
    let left = (crossUpnl === 0n ? acct.cross : acct.cross + crossUpnl) - notionalOf(spec, adverseTicks, lots);
    if (othersMaint !== 0n) left -= othersMaint;
    if (after === 0) return left >= 0n;
    // left ≥ maintMargin(value) = ceil(value × mmr / SCALE) exactly when left × SCALE ≥ value × mmr
    // (left is whole): the same answer without the division and its remainder. value × mmr is
    // ticks×lots × (notionalUnit × mmr).
    return left * SCALE >= BigInt(s.mark * (after < 0 ? -after : after)) * spec.maintPerTl;
  }
  if (closeLots > 0 && pos !== undefined) {
    if (closeLots === size) {
      // Closed whole: the realized loss at the fill price must fit in the position's margin.
      const exit = notionalOf(spec, price, size);
      const realized = qty > 0 ? exit - pos.entryValue : pos.entryValue - exit;
      if (pos.isoMargin + realized < 0n) return false;
    } else {
      const equityAfter = pos.isoMargin + positionUpnl(ctx, pos) - notionalOf(spec, adverseTicks, closeLots);
      if (equityAfter < maintMargin(spec, notionalOf(spec, s.mark, size - closeLots))) return false;
    }
  }
  if (openLots > 0 && !budgeted) {
    // A resting order's lock holds the margin and fee of its fill; the adverse loss must come from free cash.
    return freeCash(acct, accountFigures(ctx, acct)) >= notionalOf(spec, adverseTicks, openLots);
  }
  return true;
}
