import { D, dec, type Dec } from './decimal';

/**
 * The order lock: what an order that opens exposure reserves from the trader's available margin —
 * its initial margin plus the taker fee it may pay, with a safety margin on top — and what each fill
 * of a taker then really spends from it. The exchange (the devnet engine, on bigints) and the app
 * (its maximum order size, on decimals) use these same functions, so the app's "max" is exactly what
 * the exchange accepts and fills.
 */

/**
 * Safety margin on every order lock, in percent (1 → × 1.01): the lock also covers a fill slightly
 * worse than the price it was checked at. The devnet's default (`lockSafetyPct`).
 */
export const LOCK_SAFETY_PCT = 1;

/** Money on the wire has 18 decimals (DUSD); a lock is rounded up at that precision. */
export const MONEY_DECIMALS = 18;

/** Scale of fee rates in the fixed-point form: a rate r is the integer r × 10^8 (0.04 % → 40 000). */
export const FEE_RATE_SCALE = 10n ** 8n;

/** A lock's share of the notional as an exact fraction: num / den. */
export interface LockRatio {
  num: bigint;
  den: bigint;
}

/**
 * (1/leverage + taker_fee) × (1 + safety%/100) as one fraction, with the taker fee given as an
 * integer at FEE_RATE_SCALE: (SCALE + leverage × fee) × (100 + safety) / (leverage × SCALE × 100).
 */
export function lockRatio(leverage: number, takerFeeScaled: bigint, safetyPct: number = LOCK_SAFETY_PCT): LockRatio {
  const lev = BigInt(leverage);
  return {
    num: (FEE_RATE_SCALE + lev * takerFeeScaled) * BigInt(100 + safetyPct),
    den: lev * FEE_RATE_SCALE * 100n,
  };
}

/**
 * Order lock of a notional in the smallest money unit (1e-18): notional × ratio, rounded up so the
 * exchange never reserves less than the formula says.
 */
export function lockOfNotional(notionalUnits: bigint, ratio: LockRatio): bigint {
  const n = notionalUnits * ratio.num;
  const q = n / ratio.den;
  return q * ratio.den === n ? q : q + 1n;
}

const MONEY_UNIT = new D(10).pow(MONEY_DECIMALS);

/** A fee rate ("0.0004") as the integer the fixed-point form uses; finer digits than 1e-8 are dropped. */
export function feeRateScaled(rate: Dec | string): bigint {
  return BigInt(dec(rate).mul(FEE_RATE_SCALE.toString()).toDecimalPlaces(0, D.ROUND_DOWN).toFixed());
}

/**
 * The order lock the trader sees for an order of `qty` at `price`:
 * qty × price × (1/leverage + taker_fee) × (1 + safety%/100), rounded up at 18 decimals —
 * the same integers the exchange computes.
 */
export function orderLock(a: { qty: Dec; price: Dec; leverage: number; takerFee: Dec | string; safetyPct?: number }): Dec {
  if (a.qty.lte(0) || a.price.lte(0)) return dec(0);
  // qty and price are on their ticks, so their product in 1e-18 units is exact; ceil guards finer input.
  const notionalUnits = BigInt(a.qty.mul(a.price).mul(MONEY_UNIT).toDecimalPlaces(0, D.ROUND_UP).toFixed());
  const units = lockOfNotional(notionalUnits, lockRatio(a.leverage, feeRateScaled(a.takerFee), a.safetyPct));
  return dec(units.toString()).div(MONEY_UNIT);
}

/**
 * What one fill of a taking order spends from the margin it may use while it matches, in 1e-18 units:
 * the initial margin of the part that opens exposure (its notional / leverage, rounded up), the taker
 * fee of the whole fill, and the loss at the mark of a price worse than the mark. The lock's safety
 * margin is not in it: the order was checked with it, and it is what lets an order at the maximum fill
 * a little worse than the price it was checked at.
 */
export function takerFillCostUnits(openNotionalUnits: bigint, leverage: number, feeUnits: bigint, adverseLossUnits: bigint): bigint {
  const lev = BigInt(leverage);
  const q = openNotionalUnits / lev;
  return (q * lev === openNotionalUnits ? q : q + 1n) + feeUnits + adverseLossUnits;
}

const toUnits = (v: Dec): bigint => BigInt(v.mul(MONEY_UNIT).toDecimalPlaces(0, D.ROUND_UP).toFixed());

/**
 * The same for the trader: a fill of `qty` at `price` of which `closingQty` closes the opposite
 * position first, with the mark at `mark` — exactly the integers the exchange charges.
 */
export function takerFillCost(a: {
  side: 'buy' | 'sell'; qty: Dec; closingQty: Dec; price: Dec; mark: Dec; leverage: number; takerFee: Dec | string;
}): Dec {
  const opens = a.qty.minus(a.closingQty);
  const openNotional = opens.gt(0) ? toUnits(opens.mul(a.price)) : 0n;
  const fee = toUnits(a.qty.mul(a.price).mul(a.takerFee));
  const worse = a.side === 'buy' ? a.price.minus(a.mark) : a.mark.minus(a.price);
  const adverse = worse.gt(0) ? toUnits(worse.mul(a.qty)) : 0n;
  return dec(takerFillCostUnits(openNotional, a.leverage, fee, adverse).toString()).div(MONEY_UNIT);
}
