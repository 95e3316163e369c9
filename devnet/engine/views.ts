// Renders internal records as the exact JSON shapes of service-interface.md §2.
// Decimal rule: every decimal string is the exact internal value with trailing
// zeros trimmed ("65000.5", "0", "-12.25"); 1e-18 is the finest digit.
import { divCeil, divRound, fmt, formatFixed, formatUnits, iso } from './decimal.js';
import {
  accountFigures, balanceTotal, crossAvailable, equity, holdingMargin, initialMargin, maintMargin,
  notionalOf, orderLock, pnlFreeze, totalUpnl, upnlAt, withdrawable,
} from './margin.js';
import { entryPrice, riskPrices } from './positions.js';
import { posConfig } from './state.js';
import type { Ctx } from './state.js';
import { RATE_DP } from './symbols.js';
import type {
  Account, Balance, FundingRate, FundingRateRec, FundingTx, FundingTxRec, Order, OrderRec, Position,
  PositionRec, PublicTrade, PublicTradeRec, Trade, TradeRec, WalletRow,
} from './types.js';

export function renderOrder(ctx: Ctx, o: OrderRec): Order {
  const s = ctx.syms.get(o.symbol);
  const pd = s ? s.spec.pd : 0;
  const qd = s ? s.spec.qd : 0;
  let avg = '0';
  const fillValue = s ? BigInt(o.fillTl) * s.spec.notionalUnit + o.fillExtra : 0n;
  if (o.filled > 0 && s) avg = fmt(divRound(fillValue * s.spec.lotsPerUnit, BigInt(o.filled)));
  let margin = 0n;
  if (!o.reduceOnly && s) {
    const n = o.type === 'limit' ? notionalOf(s.spec, o.price, o.qty) : fillValue;
    margin = divRound(n, BigInt(o.leverage));
  }
  return {
    id: o.id,
    cl_ord_id: o.clOrdId,
    user: o.user,
    symbol: o.symbol,
    side: o.side,
    order_type: o.type,
    time_in_force: o.tif,
    // decisions.md "Order records": a market order shows the limit it was allowed to reach, never "0".
    // A user's market order stores it (the price sent, or the band bound: validation.ts). A forced fill
    // (liquidation hand-over or ADL, booked at the bankruptcy price) stores 0: its limit *was* that
    // price, so it shows the fill price, exact even off the tick grid.
    price: o.type === 'market' && o.price === 0 && o.filled > 0 ? avg : formatUnits(o.price, pd),
    qty: formatUnits(o.qty, qd),
    fill_qty: formatUnits(o.filled, qd),
    fill_avg_price: avg,
    reduce_only: o.reduceOnly,
    leverage: String(o.leverage),
    margin: fmt(margin),
    avail_locked: fmt(
      s && o.status === 'open' && !o.reduceOnly && !o.user.startsWith('sys_')
        ? orderLock(ctx, s.spec, o.qty - o.filled, o.price, o.leverage)
        : 0n,
    ),
    status: o.status,
    position_id: o.positionId,
    liq_id: o.liqId,
    created_block: -1,
    closed_block: -1,
    source: o.source,
    remark: o.remark,
    // [ours] A TP/SL child names its parent, so a client can count the OCO pair once toward headroom.
    payload: o.parentId !== 0 ? { parent_id: o.parentId } : null,
    created_at: iso(o.createdAt),
    updated_at: iso(o.updatedAt),
  };
}

export function renderTrade(ctx: Ctx, t: TradeRec): Trade {
  const s = ctx.syms.get(t.symbol);
  return {
    id: t.id,
    order_id: t.orderId,
    user: t.user,
    symbol: t.symbol,
    side: t.side,
    price: s ? fmt(divRound(t.value * s.spec.lotsPerUnit, BigInt(t.qty))) : '0',
    qty: formatUnits(t.qty, s ? s.spec.qd : 0),
    value: fmt(t.value),
    fee_asset: 'DUSD',
    fee_qty: fmt(t.fee),
    pnl: fmt(t.pnl),
    created_at: iso(t.time),
    updated_at: iso(t.time),
  };
}

/** The `public_trade` feed's record: `time` stays integer milliseconds. */
export function renderPublicTrade(ctx: Ctx, symbol: string, t: PublicTradeRec): PublicTrade {
  const s = ctx.syms.get(symbol);
  const pd = s ? s.spec.pd : 0;
  const qd = s ? s.spec.qd : 0;
  return { id: t.id, price: formatUnits(t.price, pd), qty: formatUnits(t.qty, qd), side: t.side, symbol, time: t.time };
}

export function renderFundingTx(t: FundingTxRec): FundingTx {
  return {
    id: t.id,
    user: t.user,
    asset: 'DUSD',
    symbol: t.symbol,
    qty: fmt(t.amount),
    txn_type: 'funding_fee',
    transact_time: iso(t.time),
    created_at: iso(t.time),
    updated_at: iso(t.time),
  };
}

export function renderFundingRate(ctx: Ctx, r: FundingRateRec): FundingRate {
  const s = ctx.syms.get(r.symbol);
  const pd = s ? s.spec.pd : 0;
  return {
    id: r.id,
    symbol: r.symbol,
    funding_rate: formatUnits(r.rate, RATE_DP),
    index_price: formatUnits(r.index, pd),
    mark_price: formatUnits(r.mark, pd),
    premium: formatUnits(r.premium, RATE_DP),
    time: iso(r.time),
    created_at: iso(r.time),
    updated_at: iso(r.time),
  };
}

export function renderPosition(ctx: Ctx, acct: Account, pos: PositionRec): Position {
  const s = ctx.syms.get(pos.symbol);
  const open = pos.qty !== 0 && acct.positions.get(pos.symbol) === pos;
  const lev = posConfig(ctx, acct, pos.symbol).leverage;
  const pd = s ? s.spec.pd : 0;
  const qd = s ? s.spec.qd : 0;
  const value = s ? notionalOf(s.spec, s.mark, Math.abs(pos.qty)) : 0n;
  const risk = open ? riskPrices(ctx, acct, pos) : { bankruptcy: 0n, liquidation: 0n };
  return {
    id: pos.id,
    user: pos.user,
    symbol: pos.symbol,
    status: open ? 'open' : 'closed',
    qty: formatUnits(pos.qty, qd),
    leverage: String(lev),
    margin_mode: pos.mode,
    margin_asset: 'DUSD',
    entry_price: fmt(entryPrice(ctx, pos)),
    entry_value: fmt(pos.entryValue),
    mark_price: s ? formatUnits(s.mark, pd) : '0',
    position_value: fmt(value),
    initial_margin: fmt(initialMargin(pos, lev)),
    holding_margin: fmt(holdingMargin(pos, lev)),
    maint_margin: fmt(s ? maintMargin(s.spec, value) : 0n),
    mmr: s ? formatFixed(s.spec.mmr, 18) : '0',
    bankruptcy_price: fmt(risk.bankruptcy),
    liq_price: fmt(risk.liquidation),
    realized_pnl: fmt(pos.realized),
    upnl: fmt(upnlAt(pos, value)),
    // Beyond the spec (decisions.md Leniency): the margin the position requires now = the initial
    // margin at its current leverage valued at the mark, |qty| × mark / leverage, rounded up like every
    // margin. (initial_margin is the same at the entry price.) 0 once closed.
    required_margin: fmt(open ? divCeil(value, BigInt(lev)) : 0n),
    time: iso(ctx.time),
    created_at: iso(pos.createdAt),
    updated_at: iso(pos.updatedAt),
  };
}

export function renderBalance(ctx: Ctx, acct: Account): Balance {
  const f = accountFigures(ctx, acct);
  return {
    isolated_balance: fmt(f.isolatedBalance),
    isolated_upnl: fmt(f.isolatedUpnl),
    cross_balance: fmt(acct.cross),
    cross_margin: fmt(f.crossMargin),
    cross_upnl: fmt(f.crossUpnl),
    locked: fmt(f.locked),
    cross_available: fmt(crossAvailable(acct, f)),
    balance: fmt(balanceTotal(acct, f)),
    upnl: fmt(totalUpnl(f)),
    equity: fmt(equity(acct, f)),
    pnl_freeze: fmt(pnlFreeze(acct, ctx.time)),
    pnl_24h: fmt(pnl24h(ctx, acct)),
  };
}

const DAY_MS = 86_400_000;

/**
 * Beyond the spec (decisions.md Leniency): what the account's trading earned in the last 24 h (engine
 * time), realized: Σ trade pnl − Σ trade fees + Σ funding received (funding paid is negative), over the
 * trades and funding payments of the window (t > now − 24 h). Unrealized PnL is not in it (that is
 * `upnl`). Exact: every term is a 1e-18 integer. It covers the per-user history the engine keeps
 * (maxHistoryPerUser, 10 000 by default).
 */
export function pnl24h(ctx: Ctx, acct: Account): bigint {
  const since = ctx.time - DAY_MS;
  let sum = 0n;
  for (let i = acct.trades.length - 1; i >= 0; i--) {
    const t = acct.trades[i]!;
    if (t.time <= since) break;
    sum += t.pnl - t.fee;
  }
  for (let i = acct.funding.length - 1; i >= 0; i--) {
    const f = acct.funding[i]!;
    if (f.time <= since) break;
    sum += f.amount;
  }
  return sum;
}

export function cashRow(acct: Account | undefined): WalletRow {
  const free = acct ? acct.cashFree : 0n;
  const locked = acct ? acct.cashLocked : 0n;
  return { account_type: 'spot', token: 'DUSD', free: fmt(free), locked: fmt(locked), total: fmt(free + locked) };
}

/** Perps row: total = balance; free = withdrawable (transfer_to_spot limit); locked = the rest. */
export function perpsRow(ctx: Ctx, acct: Account | undefined): WalletRow {
  if (acct === undefined) return { account_type: 'perps', token: 'DUSD', free: '0', locked: '0', total: '0' };
  const f = accountFigures(ctx, acct);
  const total = balanceTotal(acct, f);
  const free = withdrawable(ctx, acct);
  return { account_type: 'perps', token: 'DUSD', free: fmt(free), locked: fmt(total - free), total: fmt(total) };
}
