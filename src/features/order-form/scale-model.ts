import type { Side, SymbolInfo } from '../../api/schemas';
import { D, dec, type Dec } from '../../lib/decimal';
import { formatFixed } from '../../lib/format';
import { orderLock } from '../../lib/order-lock';
import { marginError, maxPositionError, priceBandError, priceStepError, readAmount, reduceOnlyError, sizeStepError, type OrderRuleProblem } from '../../lib/order-rules';
import { planScale, type ScalePlanProblem } from '../../lib/scale-plan';
import type { ScaleDraft } from './scale-draft';

/**
 * The scale form as data: what was typed (scale-draft.ts), the market and the account in; the
 * errors by field, the children it would send, and what they cost out. Pure (scale-model.test.ts);
 * the words are scale-words.ts.
 */

export type ScaleField = 'from' | 'to' | 'count' | 'total' | 'form';

/** Why the scale cannot be sent as typed; sizes and prices formatted at the symbol's places. */
export type ScaleProblem =
  | OrderRuleProblem
  | Exclude<ScalePlanProblem, { code: 'child-below-min' | 'child-above-max' | 'price-off-tick' | 'total-not-positive' | 'total-off-lot' }>
  | { code: 'child-below-min'; index: number; qty: string; min: string; base: string }
  | { code: 'child-above-max'; index: number; qty: string; max: string; base: string }
  | { code: 'count-empty' }
  /** Not a whole number ("2.5", "five"). */
  | { code: 'count-not-whole' }
  /** More children than the symbol's open-order limit leaves: `max` more fit beside the `open` ones. */
  | { code: 'count-above-headroom'; max: number; open: number; limit: number }
  /** The leverage box holds no usable leverage (its own message is beside it). */
  | { code: 'leverage-invalid' };

export type ScaleError = { field: ScaleField } & ScaleProblem;

export interface ScaleMarket {
  info: SymbolInfo;
  mark: Dec | null;
}

/** The signed-in trader in this symbol (all empty when signed out). */
export interface ScaleAccount {
  signedIn: boolean;
  positionQty: Dec;
  reduceHeadroom: Dec;
  /** The trader's open orders in the symbol: they count against max_open_orders. */
  openOrders: number;
  /** What new orders may use (FormSummary.marginAvailable); null signed out. */
  marginAvailable: Dec | null;
}

export interface ScalePreviewChild {
  price: Dec;
  qty: Dec;
  notional: Dec;
}

export interface ScaleTotals {
  qty: Dec;
  notional: Dec;
  /** Size-weighted average price of the children, at the price tick. */
  avgPrice: Dec;
  /** Σ notional / leverage: what the children hold as initial margin once filled (null without a leverage). */
  margin: Dec | null;
  /** Σ notional × maker fee: the children rest, so they pay the maker fee when filled. */
  fee: Dec;
  /** Σ the exchange's order lock (margin + taker fee, with its safety): what placing them reserves. */
  lock: Dec | null;
}

export interface ScaleSummary {
  /** Every reason it cannot be sent, by field, in order. */
  problems: ScaleError[];
  /** The first problem of each field to show now ("Enter a …" only after a send was tried). */
  shown: Partial<Record<ScaleField, ScaleError>>;
  count: number | null;
  /** The most children the open-order limit allows now (never below 0). */
  maxCount: number;
  children: ScalePreviewChild[] | null;
  totals: ScaleTotals | null;
  feeRate: Dec;
  /** Children priced at or through the mark: a GTC one may fill at once as a taker, a post-only one is refused. */
  crossing: number;
  /** Nothing in the way: the batch can be sent. */
  ready: boolean;
}

const WHOLE = /^\s*\d+\s*$/;

function readCount(text: string): { value: number } | { error: ScaleProblem } {
  if (text.trim() === '') return { error: { code: 'count-empty' } };
  if (!WHOLE.test(text)) return { error: { code: 'count-not-whole' } };
  return { value: Number(text.trim()) };
}

/** Says "you have not typed this yet": quiet until a send was tried. */
// As ui/order-rule-words asksToType, without its words: this module runs in Node (the bench).
function isMissing(p: ScaleProblem): boolean {
  if (p.code === 'count-empty' || p.code === 'amount-empty') return true;
  return p.code === 'amount-unreadable' && p.read.problem === 'empty';
}

export function summarizeScale(draft: ScaleDraft, side: Side, leverage: number, market: ScaleMarket, account: ScaleAccount): ScaleSummary {
  const { info, mark } = market;
  const pd = info.price_tick_decimals;
  const qd = info.qty_tick_decimals;
  const base = info.base_asset;
  const problems: ScaleError[] = [];
  const add = (field: ScaleField, p: ScaleProblem | undefined) => {
    if (p) problems.push({ field, ...p });
  };
  const feeRate = dec(info.maker_fee);
  const maxLeverage = dec(info.max_leverage).floor().toNumber();
  const leverageOk = Number.isInteger(leverage) && leverage >= 1 && leverage <= maxLeverage;
  if (!leverageOk) add('form', { code: 'leverage-invalid' });

  const band = { capRatio: info.price_cap_ratio, floorRatio: info.price_floor_ratio, decimals: pd };
  const readPrice = (field: 'from' | 'to', text: string): Dec | null => {
    const r = readAmount(text, 'price');
    if ('error' in r) return add(field, r.error), null;
    const off = priceStepError(r.value, pd) ?? (mark ? priceBandError(r.value, mark, band) : undefined);
    return off ? (add(field, off), null) : r.value;
  };
  const from = readPrice('from', draft.from);
  const to = readPrice('to', draft.to);

  const limit = dec(info.max_open_orders).floor().toNumber();
  const maxCount = Math.max(0, limit - account.openOrders);
  let count: number | null = null;
  const c = readCount(draft.count);
  if ('error' in c) add('count', c.error);
  else if (c.value < 2) add('count', { code: 'count-below-2' });
  else if (c.value > maxCount) add('count', { code: 'count-above-headroom', max: maxCount, open: account.openOrders, limit });
  else count = c.value;

  let total: Dec | null = null;
  const t = readAmount(draft.total, 'size');
  if ('error' in t) add('total', t.error);
  else {
    const off = sizeStepError(t.value, qd, base);
    if (off) add('total', off);
    else total = t.value;
  }

  let children: ScalePreviewChild[] | null = null;
  if (from && to && count !== null && total) {
    const plan = planScale({ side, from, to, count, total, distribution: draft.distribution, priceDecimals: pd, qtyDecimals: qd, minQty: info.min_order_qty, maxQty: info.max_order_qty });
    if (plan.ok) children = plan.children.map((ch) => ({ ...ch, notional: ch.price.mul(ch.qty) }));
    else
      for (const p of plan.problems) {
        if (p.code === 'prices-collide' || p.code === 'count-below-2') add('count', p);
        else if (p.code === 'child-below-min') add('total', { ...p, qty: formatFixed(dec(p.qty), qd), min: formatFixed(dec(p.min).toDecimalPlaces(qd, D.ROUND_UP), qd), base });
        else if (p.code === 'child-above-max') add('total', { ...p, qty: formatFixed(dec(p.qty), qd), max: formatFixed(dec(p.max).toDecimalPlaces(qd, D.ROUND_DOWN), qd), base });
      }
  }

  let totals: ScaleTotals | null = null;
  if (children && total) {
    const notional = children.reduce((a, ch) => a.plus(ch.notional), dec(0));
    const lock = leverageOk ? children.reduce((a, ch) => a.plus(orderLock({ qty: ch.qty, price: ch.price, leverage, takerFee: info.taker_fee })), dec(0)) : null;
    totals = {
      qty: total,
      notional,
      avgPrice: notional.div(total).toDecimalPlaces(pd, D.ROUND_HALF_UP),
      margin: leverageOk ? notional.div(leverage) : null,
      fee: notional.mul(feeRate),
      lock,
    };
    // The whole ladder may fill: the position it would make, the reduce-only headroom it takes, and
    // the lock the exchange reserves for all of it at once.
    if (draft.reduceOnly) {
      add('total', reduceOnlyError({ side, qty: total, positionQty: account.positionQty, headroom: account.reduceHeadroom, symbol: info.symbol, base, qtyDecimals: qd }));
    } else {
      add('total', maxPositionError({ positionQty: account.positionQty, side, qty: total, maxPositionSize: info.max_position_size, base, qtyDecimals: qd }));
      if (lock && account.marginAvailable) add('total', marginError(lock, account.marginAvailable));
    }
  }

  const crossing = children && mark ? children.filter((ch) => (side === 'buy' ? ch.price.gte(mark) : ch.price.lte(mark))).length : 0;
  const shown: ScaleSummary['shown'] = {};
  for (const p of problems) if (!shown[p.field] && (draft.attempted || !isMissing(p))) shown[p.field] = p;
  return { problems, shown, count, maxCount, children, totals, feeRate, crossing, ready: problems.length === 0 && children !== null };
}
