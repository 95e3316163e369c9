import type { SymbolInfo } from '../../api/schemas';
import type { Dec } from '../../lib/decimal';
import { maxPositionError, marginError, readAmount, reduceOnlyError, sizeStepError, type OrderRuleProblem } from '../../lib/order-rules';
import { parseTypedDecimal } from '../../lib/parse-decimal-input';
import { feeOf, initialMargin, notional } from '../../lib/perp-math';
import { MAX_SLICES, MIN_INTERVAL_MS, planSlices, slicesForInterval, type PlanProblem, type TwapPlan } from '../../lib/twap-plan';
import type { TwapStart } from '../../trading/twap-machine';
import type { DurationUnit, TwapDraft } from './twap-draft';

// The TWAP form's model: what the draft would start, or what is wrong with it field by field (codes;
// the words are twap-words.ts), and the plan's preview.

export const UNIT_MS: Record<DurationUnit, number> = { s: 1_000, min: 60_000, h: 3_600_000 };
/** The slippage cap per slice a trader may set, in percent: beyond it a "TWAP" is a market sweep. */
export const MAX_SLIPPAGE_PCT = 10;

export type TwapField = 'size' | 'duration' | 'slices' | 'interval' | 'slippage' | 'form';

export type TwapProblem =
  | OrderRuleProblem
  | PlanProblem
  | { code: 'duration-empty' }
  | { code: 'duration-unreadable' }
  | { code: 'duration-zero' }
  | { code: 'slices-empty' }
  | { code: 'interval-empty' }
  | { code: 'interval-unreadable' }
  /** The interval fits more than MAX_SLICES times in the duration. */
  | { code: 'interval-too-many'; max: number }
  | { code: 'slippage-invalid'; max: number }
  /** A planned slice above max_order_qty: more slices are needed. */
  | { code: 'slice-above-max'; max: string; base: string }
  | { code: 'no-mark' };

export type TwapError = { field: TwapField } & TwapProblem;

export interface TwapMarket {
  symbol: string;
  info: SymbolInfo;
  mark: Dec | null;
}

export interface TwapContext {
  side: 'buy' | 'sell';
  positionQty: Dec;
  reduceHeadroom: Dec;
  available: Dec | null;
  leverage: number;
}

export interface TwapPreview {
  slices: number;
  /** The largest planned slice (they differ by one lot at most). */
  sliceSize: Dec;
  intervalMs: number;
  durationMs: number;
  /** total × mark; what fills may differ by the slippage cap. */
  notional: Dec | null;
  /** Margin and taker fee the whole total takes at the leverage. */
  margin: Dec | null;
}

export interface TwapSummary {
  errors: TwapError[];
  preview: TwapPreview | null;
  /** What Start would start (the account and id added by the view); null with any error. */
  start: Omit<TwapStart, 'id' | 'account'> | null;
}

const err = (field: TwapField, p: TwapProblem): TwapError => ({ field, ...p });

function readDuration(d: TwapDraft): { ms: number } | { problem: TwapProblem } {
  const r = parseTypedDecimal(d.duration);
  if (!r.ok) return { problem: { code: r.reason === 'empty' ? 'duration-empty' : 'duration-unreadable' } };
  const ms = r.value.mul(UNIT_MS[d.durationUnit]).floor();
  if (ms.lte(0)) return { problem: { code: 'duration-zero' } };
  return { ms: ms.toNumber() };
}

function readSlices(text: string): { n: number } | { problem: TwapProblem } {
  const r = parseTypedDecimal(text);
  if (!r.ok) return { problem: r.reason === 'empty' ? { code: 'slices-empty' } : { code: 'slices-invalid', max: MAX_SLICES } };
  if (!r.value.isInteger() || r.value.lt(1) || r.value.gt(MAX_SLICES)) return { problem: { code: 'slices-invalid', max: MAX_SLICES } };
  return { n: r.value.toNumber() };
}

function sliceCountFor(text: string, duration: { ms: number } | { problem: TwapProblem }): { n: number } | { problem: TwapProblem } {
  const r = parseTypedDecimal(text);
  if (!r.ok) return { problem: { code: r.reason === 'empty' ? 'interval-empty' : 'interval-unreadable' } };
  const ms = r.value.mul(1000).floor().toNumber();
  if (ms < MIN_INTERVAL_MS) return { problem: { code: 'interval-too-short', minSeconds: MIN_INTERVAL_MS / 1000 } };
  // Without a duration there is no count: the duration's own error says what to fix.
  const n = 'ms' in duration ? slicesForInterval(duration.ms, ms) : 1;
  return n > MAX_SLICES ? { problem: { code: 'interval-too-many', max: MAX_SLICES } } : { n };
}

export function summarizeTwap(d: TwapDraft, m: TwapMarket, c: TwapContext): TwapSummary {
  const { info } = m;
  const base = info.base_asset;
  const qd = info.qty_tick_decimals;
  const errors: TwapError[] = [];

  let total: Dec | null = null;
  const size = readAmount(d.size, 'size');
  if ('error' in size) errors.push(err('size', size.error));
  else {
    const step = sizeStepError(size.value, qd, base);
    if (step) errors.push(err('size', step));
    else total = size.value;
  }
  if (total) {
    const rule = d.reduceOnly
      ? reduceOnlyError({ side: c.side, qty: total, positionQty: c.positionQty, headroom: c.reduceHeadroom, symbol: m.symbol, base, qtyDecimals: qd })
      : maxPositionError({ positionQty: c.positionQty, side: c.side, qty: total, maxPositionSize: info.max_position_size, base, qtyDecimals: qd });
    if (rule) errors.push(err('size', rule));
  }

  const duration = readDuration(d);
  if ('problem' in duration) errors.push(err('duration', duration.problem));
  // Split by interval: as many slices as whole intervals fit in the duration.
  const countField: TwapField = d.split;
  const slices = d.split === 'slices' ? readSlices(d.slices) : sliceCountFor(d.interval, duration);
  if ('problem' in slices) errors.push(err(countField, slices.problem));

  const slip = parseTypedDecimal(d.slippage, { maxDecimals: 2 });
  const slippageOk = slip.ok && slip.value.gt(0) && slip.value.lte(MAX_SLIPPAGE_PCT);
  if (!slippageOk) errors.push(err('slippage', { code: 'slippage-invalid', max: MAX_SLIPPAGE_PCT }));

  let plan: TwapPlan | null = null;
  if (total && 'ms' in duration && 'n' in slices) {
    const r = planSlices({ total, slices: slices.n, durationMs: duration.ms, qtyDecimals: qd, minQty: info.min_order_qty });
    if ('problem' in r) {
      const code = r.problem.code;
      const field: TwapField =
        code === 'total-below-min' ? 'size' : code === 'duration-too-long' || (code === 'interval-too-short' && d.split === 'slices') ? 'duration' : countField;
      errors.push(err(field, r.problem));
    } else if (r.plan.sizes[0]!.gt(info.max_order_qty)) errors.push(err(countField, { code: 'slice-above-max', max: info.max_order_qty, base }));
    else plan = r.plan;
  }

  const value = total && m.mark ? notional(total, m.mark) : null;
  // Only the part that opens exposure takes margin: a TWAP against the position first closes it.
  const closing = c.positionQty.isNeg() === (c.side === 'buy') ? c.positionQty.abs() : c.positionQty.mul(0);
  const opening = total ? (total.gt(closing) ? total.minus(closing) : total.mul(0)) : null;
  const margin =
    value && opening && m.mark && Number.isFinite(c.leverage) && c.leverage > 0
      ? initialMargin(notional(opening, m.mark), c.leverage).plus(feeOf(value, info.taker_fee))
      : null;
  if (plan && !d.reduceOnly && margin && c.available) {
    const short = marginError(margin, c.available);
    if (short) errors.push(err('size', short));
  }
  if (!m.mark) errors.push(err('form', { code: 'no-mark' }));

  const preview: TwapPreview | null =
    plan && 'ms' in duration ? { slices: plan.sizes.length, sliceSize: plan.sizes[0]!, intervalMs: plan.intervalMs, durationMs: duration.ms, notional: value, margin } : null;
  const start =
    plan && total && slip.ok && errors.length === 0 && 'ms' in duration
      ? {
          symbol: m.symbol,
          side: c.side,
          total: total.toFixed(),
          sizes: plan.sizes.map((s) => s.toFixed()),
          intervalMs: plan.intervalMs,
          durationMs: duration.ms,
          reduceOnly: d.reduceOnly,
          slippage: slip.value.div(100).toFixed(),
          qtyDecimals: qd,
          priceDecimals: info.price_tick_decimals,
          minQty: info.min_order_qty,
          maxQty: info.max_order_qty,
          capRatio: info.price_cap_ratio,
          floorRatio: info.price_floor_ratio,
        }
      : null;
  return { errors, preview, start };
}

/** The first error of a field, shown once the trader typed in it or pressed Start. */
export function fieldError(s: TwapSummary, d: TwapDraft, field: TwapField): TwapError | undefined {
  const text = { size: d.size, duration: d.duration, slices: d.slices, interval: d.interval, slippage: d.slippage, form: 'x' }[field];
  const typed = d.attempted || text.trim() !== '';
  return typed ? s.errors.find((e) => e.field === field) : undefined;
}
