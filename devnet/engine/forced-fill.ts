// A fill the exchange makes outside the book: the liquidation hand-over to the insurance fund and
// auto-deleveraging. It is booked as a filled reduce-only market order of the account, with a trade
// record, at a value the caller decides (the bankruptcy price); the fee is zero.
import { applyFill } from './positions.js';
import { closeOrder, emitOrder, registerOrder } from './orders.js';
import { markPerps, posConfig, push, watchedAccount } from './state.js';
import type { Ctx, SymbolState } from './state.js';
import type { Account, OrderRec, OrderSource, Side, TradeRec } from './types.js';

export interface ForcedFill {
  side: Side;
  lots: number;
  /** Total notional of the fill, 1e-18 (any value: off-tick bankruptcy prices too). */
  value: bigint;
  source: OrderSource;
  remark: string;
  liqId: number;
}

/**
 * Books the fill on `acct` and returns its realized PnL. Both sides of a forced fill call this with the
 * same trade id; a system account (the insurance fund) gets the position change only, no order or trade.
 */
export function bookForcedFill(ctx: Ctx, s: SymbolState, acct: Account, f: ForcedFill, tradeId: number): bigint {
  if (acct.system) return applyFill(ctx, s, acct, f.side, f.lots, f.value);
  const pos = acct.positions.get(s.spec.symbol);
  const id = ++ctx.seq.order;
  const o: OrderRec = {
    id, clOrdId: f.source === 'liquidation' ? `liq-${f.liqId}` : `${f.source}-${id}`, user: acct.id, symbol: s.spec.symbol,
    side: f.side, type: 'market', tif: 'ioc', price: 0, qty: f.lots, filled: 0, fillTl: 0, fillExtra: 0n, reduceOnly: true,
    leverage: posConfig(ctx, acct, s.spec.symbol).leverage, status: 'new', positionId: pos === undefined ? 0 : pos.id,
    liqId: f.liqId, source: f.source, remark: f.remark, createdAt: ctx.time, updatedAt: ctx.time,
    tp: 0, sl: 0, tpId: 0, slId: 0, parentId: 0,
  };
  registerOrder(ctx, acct, o);
  emitOrder(ctx, o);
  o.filled = f.lots;
  o.fillExtra = f.value;
  const pnl = applyFill(ctx, s, acct, f.side, f.lots, f.value);
  markPerps(ctx, acct);
  const t: TradeRec = {
    id: tradeId, orderId: o.id, user: acct.id, symbol: o.symbol, side: f.side, qty: f.lots, value: f.value, fee: 0n, pnl,
    time: ctx.time,
  };
  acct.trades.push(t);
  ctx.history?.added(t);
  if (watchedAccount(ctx, acct)) push(ctx, { type: 'trade', user: acct.id, trade: t });
  closeOrder(ctx, o, 'filled', f.remark);
  return pnl;
}
