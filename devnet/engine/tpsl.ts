// Take-profit / stop-loss children. They are reduce-only market orders created
// 'untriggered' at the parent's first fill (qty follows the parent's fill_qty),
// fire when the MARK price crosses the trigger, and form a one-cancels-other
// pair: when one fires the sibling is canceled. Matching creates the children (onParentFill); a fired
// child runs through matching again, which the caller hands in (`run`), so the two modules do not
// import each other.
import { cancelOrderRec, emitOrder, registerOrder } from './orders.js';
import { account } from './state.js';
import type { Ctx, SymbolState } from './state.js';
import type { Account, OrderRec } from './types.js';

export function onParentFill(ctx: Ctx, acct: Account, parent: OrderRec): void {
  const s = ctx.syms.get(parent.symbol);
  if (s === undefined) return;
  for (const kind of ['tp', 'sl'] as const) {
    const trigger = kind === 'tp' ? parent.tp : parent.sl;
    if (trigger === 0) continue;
    const childId = kind === 'tp' ? parent.tpId : parent.slId;
    if (childId === 0) {
      const id = ++ctx.seq.order;
      let cl = `${kind}-${id}`;
      if (acct.liveCl.has(cl)) cl = `${cl}-${parent.id}`;
      const child: OrderRec = {
        id, clOrdId: cl, user: acct.id, symbol: parent.symbol, side: parent.side === 'buy' ? 'sell' : 'buy',
        type: 'market', tif: 'ioc', price: trigger, qty: parent.filled, filled: 0, fillTl: 0, fillExtra: 0n,
        reduceOnly: true, leverage: parent.leverage, status: 'untriggered', positionId: parent.positionId,
        liqId: 0, source: kind, remark: '', createdAt: ctx.time, updatedAt: ctx.time, tp: 0, sl: 0, tpId: 0, slId: 0,
        parentId: parent.id,
      };
      registerOrder(ctx, acct, child);
      s.triggers.push(child);
      if (kind === 'tp') parent.tpId = id;
      else parent.slId = id;
      emitOrder(ctx, child);
    } else {
      const child = acct.live.get(childId);
      if (child !== undefined && child.status === 'untriggered' && child.qty !== parent.filled) {
        child.qty = parent.filled;
        child.updatedAt = ctx.time;
        emitOrder(ctx, child);
      }
    }
  }
}

/** Long children (sell side): TP when mark ≥ tp, SL when mark ≤ sl; reversed for shorts. */
export function shouldFire(c: OrderRec, mark: number): boolean {
  const closesLong = c.side === 'sell';
  if (c.source === 'tp') return closesLong ? mark >= c.price : mark <= c.price;
  return closesLong ? mark <= c.price : mark >= c.price;
}

/** Runs a fired child as a market order: matching.ts runOrder. */
export type RunOrder = (ctx: Ctx, acct: Account, s: SymbolState, o: OrderRec) => void;

export function checkTriggers(ctx: Ctx, s: SymbolState, run: RunOrder): void {
  if (s.triggers.length === 0) return;
  const fired = s.triggers.filter((c) => shouldFire(c, s.mark));
  for (const c of fired) {
    if (c.status === 'untriggered') fire(ctx, s, c, run);
  }
}

function fire(ctx: Ctx, s: SymbolState, c: OrderRec, run: RunOrder): void {
  const i = s.triggers.indexOf(c);
  if (i >= 0) s.triggers.splice(i, 1);
  const acct = account(ctx, c.user);
  for (const o of [...acct.live.values()]) {
    if (o.parentId === c.parentId && o.id !== c.id && o.status === 'untriggered') {
      cancelOrderRec(ctx, o, 'oco: sibling triggered');
    }
  }
  c.status = 'new';
  c.updatedAt = ctx.time;
  run(ctx, acct, s, c);
}
