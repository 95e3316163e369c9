// Funding. Every second the premium (mark − index)/index is sampled — the mark
// being the median of index + its 150 s basis, the book's price and the index
// (index-price.ts), the premium lies between 0 and basis/index, so a book one
// account holds away for a second barely moves it; at each
// interval boundary rate = clamp(avg_premium / 8 + interest, ±0.75%), rounded
// to 1e-8, where interest = 0.01% per 8 h scaled to the interval (0.00125% for
// 1 h). Longs pay shorts when positive. Payment = qty × mark × rate, exact to
// 1e-18, so Σ over all accounts (makers included) is exactly zero.
import { markPerps, markPosition, push, tracking } from './state.js';
import type { Ctx, SymbolState } from './state.js';
import { RATE_SCALE } from './symbols.js';

export const MAX_RATE = 750_000; // 0.75% in 1e-8

export function samplePremium(s: SymbolState): void {
  if (s.index <= 0) return;
  s.premiumSum += Math.round(((s.mark - s.index) * 1e8) / s.index);
  s.premiumCount++;
}

export function averagePremium(s: SymbolState): number {
  return s.premiumCount > 0 ? Math.round(s.premiumSum / s.premiumCount) : 0;
}

export function interestRate(ctx: Ctx): number {
  return Math.round((10_000 * ctx.cfg.fundingIntervalMs) / 28_800_000);
}

/** Rate for the current interval so far (1e-8 units). */
export function predictedRate(ctx: Ctx, s: SymbolState): number {
  const r = Math.round(averagePremium(s) / 8) + interestRate(ctx);
  return r > MAX_RATE ? MAX_RATE : r < -MAX_RATE ? -MAX_RATE : r;
}

export function settleFunding(ctx: Ctx, s: SymbolState, boundaryMs: number): void {
  const rate = predictedRate(ctx, s);
  const rec = {
    id: ++ctx.seq.fundingRate,
    symbol: s.spec.symbol,
    rate,
    premium: averagePremium(s),
    index: s.index,
    mark: s.mark,
    time: boundaryMs,
  };
  s.fundingRecords.push(rec);
  if (s.fundingRecords.length > 5_000) s.fundingRecords = s.fundingRecords.slice(-4_000);
  s.premiumSum = 0;
  s.premiumCount = 0;
  const symbol = s.spec.symbol;
  for (const id of ctx.holders) {
    const acct = ctx.accounts.get(id);
    const pos = acct?.positions.get(symbol);
    if (acct === undefined || pos === undefined) continue;
    const amount = -(BigInt(pos.qty * s.mark) * s.spec.notionalUnit * BigInt(rate)) / RATE_SCALE;
    if (pos.mode === 'isolated') pos.isoMargin += amount;
    else acct.cross += amount;
    if (acct.system) continue;
    const payment = { id: ++ctx.seq.fundingTx, user: acct.id, symbol, amount, time: boundaryMs };
    acct.funding.push(payment);
    ctx.history?.added(payment);
    markPerps(ctx, acct);
    markPosition(ctx, acct, pos);
  }
  if (tracking(ctx)) push(ctx, { type: 'funding', symbol, record: rec });
}
