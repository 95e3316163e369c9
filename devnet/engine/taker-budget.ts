// What a taking order can spend from its margin budget at most, over all its fills. When the budget
// covers that, matching need not settle the budget fill by fill (three to five bigint operations
// each, two of them divisions): no fill could have been refused for margin. Only then; an order
// whose budget might run out is charged fill by fill, exactly as before.
import type { SymbolSpec } from './symbols.js';

/**
 * An upper bound, in 1e-18 units, of Σ takerFillCostUnits (src/lib/order-lock) over fills of at
 * most `lots` in total, each at a price of at most `maxPrice` ticks and at most `maxAdverseTicks`
 * worse than the mark. One fill of l lots at p with o ≤ l opening lots costs
 *   ceil(o·p·u / leverage) + l·p·fee + adverse·l·u      (u = notionalUnit, fee = takerFeeUnit)
 *   ≤ l·p·u + l·p·fee + adverse·l·u                     (ceil(x / leverage) ≤ x for integers x ≥ 0, leverage ≥ 1)
 *   ≤ l·(maxPrice + maxAdverseTicks)·(u + fee),
 * and the lots of all fills add up to at most `lots`. Undefined when lots × ticks leaves the safe
 * integers (the caller then charges each fill).
 */
export function takerSpendBound(spec: SymbolSpec, lots: number, maxPrice: number, maxAdverseTicks: number): bigint | undefined {
  const tl = lots * (maxPrice + (maxAdverseTicks > 0 ? maxAdverseTicks : 0));
  if (!Number.isSafeInteger(tl) || tl < 0) return undefined;
  return BigInt(tl) * spec.takerBoundUnit;
}
