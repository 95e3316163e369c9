// Applying fills to positions: entry value, realized PnL, isolated margin
// moves, open interest, and the bankruptcy/liquidation price formulas.
import { babs, divRound, SCALE } from './decimal.js';
import { accountFigures, ceilByLeverage, maintMargin, notionalOf, upnlAt } from './margin.js';
import { cancelReducing } from './orders.js';
import { account, HOUSE, markPerps, markPosition, posConfigOf } from './state.js';
import type { Ctx, SymbolState } from './state.js';
import type { Account, PositionRec, Side } from './types.js';

/**
 * Lot counts below this are bigints made once (bigLots): fills and positions are mostly small. A full
 * array made up front (a sparse one filled on demand becomes a slow dictionary).
 */
const SMALL_LOTS = 4096;
const LOTS: readonly bigint[] = Array.from({ length: SMALL_LOTS }, (_, i) => BigInt(i));

/** BigInt(lots), the same value, without a new bigint for every partial close. */
function bigLots(lots: number): bigint {
  return lots >= 0 && lots < SMALL_LOTS && Number.isInteger(lots) ? LOTS[lots]! : BigInt(lots);
}

function openPosition(ctx: Ctx, acct: Account, s: SymbolState): PositionRec {
  const cfg = posConfigOf(acct, s.spec);
  const pos: PositionRec = {
    id: ++ctx.seq.position,
    user: acct.id,
    symbol: s.spec.symbol,
    qty: 0,
    entryValue: 0n,
    isoMargin: 0n,
    realized: 0n,
    mode: cfg.mode,
    createdAt: ctx.time,
    updatedAt: ctx.time,
  };
  acct.positions.set(pos.symbol, pos);
  ctx.holders.add(acct.id);
  return pos;
}

/**
 * The position the latest applyFill booked into: the one left open, else the one it closed (undefined
 * when the account had none and opened none). Read right after the call (matching.ts fillSide), which
 * saves looking the position up again before and after.
 */
let filledPos: PositionRec | undefined;

export function lastFilledPosition(): PositionRec | undefined {
  return filledPos;
}

/**
 * Books `lots` traded on `side` for a total notional `notional` (1e-18) into the
 * account's position and returns the realized PnL. Any notional works (off-tick
 * liquidation prices too) as long as both counterparties book the same total,
 * which keeps Σ(wallets + upnl) unchanged.
 */
export function applyFill(
  ctx: Ctx,
  s: SymbolState,
  acct: Account,
  side: Side,
  lots: number,
  notional: bigint,
): bigint {
  const sign = side === 'buy' ? 1 : -1;
  let pos = acct.positions.get(s.spec.symbol);
  const first = pos;
  const before = pos === undefined ? 0 : pos.qty;
  let realized = 0n;
  let openLots = lots;
  let openNotional = notional;
  if (pos !== undefined && pos.qty !== 0 && (pos.qty > 0) !== (sign > 0)) {
    const size = pos.qty < 0 ? -pos.qty : pos.qty;
    const close = lots < size ? lots : size;
    const closeNotional = close === lots ? notional : (notional * bigLots(close)) / bigLots(lots);
    const removed = close === size ? pos.entryValue : (pos.entryValue * bigLots(close)) / bigLots(size);
    realized = pos.qty > 0 ? closeNotional - removed : removed - closeNotional;
    pos.entryValue -= removed;
    pos.qty += sign * close;
    pos.realized += realized;
    pos.updatedAt = ctx.time;
    if (pos.mode === 'isolated') settleIsolated(ctx, acct, pos, close === size ? pos.isoMargin : (pos.isoMargin * bigLots(close)) / bigLots(size), realized);
    else acct.cross += realized;
    openLots = lots - close;
    // Closed whole: nothing opens, and 0n needs no subtraction.
    openNotional = close === lots ? 0n : notional - closeNotional;
    if (pos.qty === 0) {
      closePosition(ctx, acct, s, pos);
      pos = undefined;
    }
  }
  if (openLots > 0) {
    if (pos === undefined) pos = openPosition(ctx, acct, s);
    pos.qty += sign * openLots;
    pos.entryValue += openNotional;
    pos.updatedAt = ctx.time;
    if (pos.mode === 'isolated') {
      // The margin is notional / leverage plus the loss of a fill worse than the mark, so the
      // position is born with its initial margin of equity at the mark (decisions.md, money safety).
      const atMark = notionalOf(s.spec, s.mark, openLots);
      const adverse = sign > 0 ? openNotional - atMark : atMark - openNotional;
      const m = ceilByLeverage(openNotional, posConfigOf(acct, s.spec).leverage) + (adverse > 0n ? adverse : 0n);
      acct.cross -= m;
      pos.isoMargin += m;
    }
  }
  const after = pos === undefined ? 0 : pos.qty;
  s.openInterest += (after > 0 ? after : 0) - (before > 0 ? before : 0);
  if (pos !== undefined) markPosition(ctx, acct, pos);
  markPerps(ctx, acct);
  filledPos = pos !== undefined ? pos : first;
  return realized;
}

/**
 * Releases `release` of isolated margin together with the realized PnL. A loss
 * beyond the released margin eats the rest of the position's margin, then the
 * insurance fund: an isolated position never reaches into the cross wallet.
 */
function settleIsolated(ctx: Ctx, acct: Account, pos: PositionRec, release: bigint, pnl: bigint): void {
  pos.isoMargin -= release;
  const net = release + pnl;
  if (net >= 0n) {
    acct.cross += net;
    return;
  }
  const need = -net;
  const take = need < pos.isoMargin ? need : pos.isoMargin;
  pos.isoMargin -= take;
  const deficit = need - take;
  if (deficit > 0n) coverDeficit(ctx, acct, deficit, false);
}

/** The insurance fund (house account) absorbs a loss the trader cannot pay. */
export function coverDeficit(ctx: Ctx, acct: Account, deficit: bigint, fromCross: boolean): void {
  const house = account(ctx, HOUSE);
  house.cross -= deficit;
  if (fromCross) acct.cross += deficit;
  markPerps(ctx, acct);
}

function closePosition(ctx: Ctx, acct: Account, s: SymbolState, pos: PositionRec): void {
  pos.updatedAt = ctx.time;
  if (pos.isoMargin !== 0n) {
    acct.cross += pos.isoMargin;
    pos.isoMargin = 0n;
  }
  acct.positions.delete(pos.symbol);
  if (acct.positions.size === 0) {
    ctx.holders.delete(acct.id);
    // A cross account left negative with nothing open can only be made whole by insurance.
    if (acct.cross < 0n && !acct.system) coverDeficit(ctx, acct, -acct.cross, true);
  }
  markPosition(ctx, acct, pos);
  cancelReducing(ctx, acct, s.spec.symbol, 'position closed');
}

// ---------- bankruptcy and liquidation prices (per unit, 1e-18) ----------

export interface RiskPrices {
  bankruptcy: bigint;
  liquidation: bigint;
}

/**
 * Isolated: margin + qty×(p − entry) = 0 (bankruptcy) and = |qty|×p×mmr (liquidation).
 * Cross: the same with the account's cross balance plus the other cross
 * positions' upnl (and, for liquidation, minus their maintenance margin) in
 * place of the isolated margin.
 */
export function riskPrices(ctx: Ctx, acct: Account, pos: PositionRec): RiskPrices {
  const s = ctx.syms.get(pos.symbol);
  if (s === undefined || pos.qty === 0) return { bankruptcy: 0n, liquidation: 0n };
  const spec = s.spec;
  const lots = BigInt(pos.qty < 0 ? -pos.qty : pos.qty);
  let cushion: bigint;
  let cushionLiq: bigint;
  if (pos.mode === 'isolated') {
    cushion = pos.isoMargin;
    cushionLiq = pos.isoMargin;
  } else {
    const f = accountFigures(ctx, acct);
    const value = notionalOf(spec, s.mark, Number(lots));
    const ownUpnl = upnlAt(pos, value);
    const ownMaint = maintMargin(spec, value);
    cushion = acct.cross + f.crossUpnl - ownUpnl;
    cushionLiq = cushion - (f.crossMaint - ownMaint);
  }
  const long = pos.qty > 0;
  const bNum = long ? pos.entryValue - cushion : pos.entryValue + cushion;
  const lNum = long ? pos.entryValue - cushionLiq : pos.entryValue + cushionLiq;
  const bankruptcy = divRound(bNum * spec.lotsPerUnit, lots);
  const liquidation = divRound(lNum * spec.lotsPerUnit * SCALE, lots * (long ? SCALE - spec.mmr : SCALE + spec.mmr));
  return { bankruptcy: bankruptcy > 0n ? bankruptcy : 0n, liquidation: liquidation > 0n ? liquidation : 0n };
}

/** entry_price = entry_value / |qty|. */
export function entryPrice(ctx: Ctx, pos: PositionRec): bigint {
  const s = ctx.syms.get(pos.symbol);
  if (s === undefined || pos.qty === 0) return 0n;
  return divRound(pos.entryValue * s.spec.lotsPerUnit, BigInt(babs(BigInt(pos.qty))));
}
