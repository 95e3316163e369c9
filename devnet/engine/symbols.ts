// Per-symbol trading parameters (what query_symbol_info publishes) plus the
// integer constants the hot path needs, derived once so matching never parses.
import { parseDecimal, pow10, SCALE, SCALE_DP } from './decimal.js';
import type { LockRatio } from '../../src/lib/order-lock';

export interface MakerProfile {
  /** Distance of the first level from the index, in basis points. */
  halfSpreadBps: number;
  /** Distance between consecutive levels, in basis points. */
  levelStepBps: number;
  levels: number;
  minLots: number;
  maxLots: number;
  /** Chance per second that background flow sends a market order. */
  flowProb: number;
  flowMaxLots: number;
}

export interface SymbolConfig {
  symbol: string;
  base: string;
  quote: string;
  priceDecimals: number;
  qtyDecimals: number;
  depthTicks: string;
  enabled: boolean;
  defLeverage: number;
  maxLeverage: number;
  maxOpenOrders: number;
  minOrderQty: string;
  maxOrderQty: string;
  maxPositionSize: string;
  priceCapRatio: string;
  priceFloorRatio: string;
  /**
   * How far from the mark an automatic close may fill (decisions.md "Market integrity"): a triggered
   * TP/SL and the house's unwind are IOC limits at mark × (1 ∓ band). Decimal fraction; absent in
   * configs and snapshots from before it existed: DEFAULT_PROTECTION_BAND.
   */
  protectionBand?: string;
  makerFee: string;
  takerFee: string;
  /** Index price at the exchange's start time. */
  startPrice: string;
  /** Standard deviation of the index per second, as a fraction. */
  volatilityPerSec: number;
  maker: MakerProfile;
}

export const DEFAULT_SYMBOLS: readonly SymbolConfig[] = [
  {
    // The public service's BTC-USD (decisions.md, [doc sample]).
    symbol: 'BTC-USD', base: 'BTC', quote: 'DUSD', priceDecimals: 2, qtyDecimals: 3,
    depthTicks: '0.01,0.1,1', enabled: true, defLeverage: 10, maxLeverage: 20, maxOpenOrders: 100,
    minOrderQty: '0.001', maxOrderQty: '100', maxPositionSize: '1000',
    priceCapRatio: '0.3', priceFloorRatio: '0.3', protectionBand: '0.02', makerFee: '0.0001', takerFee: '0.0004',
    startPrice: '95000', volatilityPerSec: 0.0001,
    maker: { halfSpreadBps: 0.5, levelStepBps: 1, levels: 25, minLots: 20, maxLots: 800, flowProb: 0.7, flowMaxLots: 60 },
  },
  {
    symbol: 'ETH-USD', base: 'ETH', quote: 'DUSD', priceDecimals: 2, qtyDecimals: 3,
    depthTicks: '0.01,0.1,1,10', enabled: true, defLeverage: 10, maxLeverage: 25, maxOpenOrders: 200,
    minOrderQty: '0.01', maxOrderQty: '2000', maxPositionSize: '5000',
    priceCapRatio: '0.05', priceFloorRatio: '0.05', protectionBand: '0.02', makerFee: '0.0001', takerFee: '0.0004',
    startPrice: '3300', volatilityPerSec: 0.00012,
    maker: { halfSpreadBps: 0.8, levelStepBps: 1.5, levels: 25, minLots: 200, maxLots: 15000, flowProb: 0.6, flowMaxLots: 1500 },
  },
  {
    symbol: 'XAU-USD', base: 'XAU', quote: 'DUSD', priceDecimals: 2, qtyDecimals: 3,
    depthTicks: '0.01,0.1,1,10', enabled: true, defLeverage: 10, maxLeverage: 20, maxOpenOrders: 200,
    minOrderQty: '0.01', maxOrderQty: '500', maxPositionSize: '1000',
    priceCapRatio: '0.05', priceFloorRatio: '0.05', protectionBand: '0.02', makerFee: '0.0001', takerFee: '0.0004',
    startPrice: '2650', volatilityPerSec: 0.00005,
    maker: { halfSpreadBps: 1, levelStepBps: 1, levels: 25, minLots: 100, maxLots: 5000, flowProb: 0.4, flowMaxLots: 500 },
  },
  {
    symbol: 'XAG-USD', base: 'XAG', quote: 'DUSD', priceDecimals: 3, qtyDecimals: 1,
    depthTicks: '0.001,0.01,0.1,1', enabled: true, defLeverage: 10, maxLeverage: 20, maxOpenOrders: 200,
    minOrderQty: '1', maxOrderQty: '50000', maxPositionSize: '100000',
    priceCapRatio: '0.05', priceFloorRatio: '0.05', protectionBand: '0.03', makerFee: '0.0001', takerFee: '0.0004',
    startPrice: '31', volatilityPerSec: 0.00008,
    maker: { halfSpreadBps: 2, levelStepBps: 2, levels: 25, minLots: 50, maxLots: 3000, flowProb: 0.4, flowMaxLots: 300 },
  },
];

/** The protection band of a symbol whose config does not name one (2 %). */
export const DEFAULT_PROTECTION_BAND = '0.02';

/** Fee and funding rates are integers of 1e-8. */
export const RATE_DP = 8;
export const RATE_SCALE = 10n ** 8n;

export interface SymbolSpec {
  cfg: SymbolConfig;
  symbol: string;
  /** Position in the exchange's symbol list. */
  idx: number;
  pd: number;
  qd: number;
  /** 1e-18 units per price tick. */
  tickUnit: bigint;
  /** 1e-18 units of quote per (tick × lot). */
  notionalUnit: bigint;
  /** 10^qd: converts a per-lot value into a per-unit price. */
  lotsPerUnit: bigint;
  minLots: number;
  maxLots: number;
  maxPosLots: number;
  /** Cap/floor ratios in parts per 1e8. */
  capRate: number;
  floorRate: number;
  makerRate: bigint;
  takerRate: bigint;
  /** Fee per tick×lot of notional, 1e-18 (exact: notionalUnit ≥ 1e8). */
  makerFeeUnit: bigint;
  takerFeeUnit: bigint;
  /** Maintenance margin rate, 1e-18 scale. */
  mmr: bigint;
  /** Protection band of automatic closes (protectionBand), 1e-18 scale. */
  protection: bigint;
  startPriceTicks: number;
  /** Position config of an account that never changed it (shared, never mutated). */
  defaultCfg: { readonly leverage: number; readonly mode: 'cross' };
  /**
   * lockPerTl[lev]: the order-lock ratio (src/lib/order-lock) per tick×lot of notional, filled on first
   * use, with den − 1 (margin.ts lockForTl rounds up by adding it).
   */
  lockPerTl: Array<LockRatio & { denLess1: bigint }>;
  /** notionalUnit + takerFeeUnit: per tick×lot of price plus adverse ticks, a taker's spending never exceeds it (taker-budget.ts). */
  takerBoundUnit: bigint;
  /** notionalUnit × mmr: a position's value at the mark times mmr, from its ticks×lots in one multiplication (margin.ts fillKeepsMargin). */
  maintPerTl: bigint;
}

function protectionOf(cfg: SymbolConfig): bigint {
  const band = mustParse(cfg.protectionBand ?? DEFAULT_PROTECTION_BAND, SCALE_DP, 'protectionBand');
  if (band <= 0n || band >= SCALE) throw new Error(`symbol config ${cfg.symbol}: protectionBand must lie between 0 and 1`);
  return band;
}

function mustParse(v: string, dp: number, what: string): bigint {
  const r = parseDecimal(v, dp, what);
  if (!r.ok) throw new Error(`symbol config: ${r.message}`);
  return r.value;
}

export function buildSpec(cfg: SymbolConfig, idx: number): SymbolSpec {
  const { priceDecimals: pd, qtyDecimals: qd } = cfg;
  // Funding = lots × mark × rate must be exact at 1e-18 so it nets to zero.
  if (pd + qd + RATE_DP > SCALE_DP) throw new Error(`symbol config ${cfg.symbol}: price+qty decimals too large`);
  const startPrice = mustParse(cfg.startPrice, pd, 'startPrice');
  const notionalUnit = pow10(SCALE_DP - pd - qd);
  const takerFeeUnit = (notionalUnit * mustParse(cfg.takerFee, RATE_DP, 'takerFee')) / RATE_SCALE;
  const mmr = SCALE / BigInt(2 * cfg.maxLeverage);
  return {
    cfg,
    symbol: cfg.symbol,
    idx,
    pd,
    qd,
    tickUnit: pow10(SCALE_DP - pd),
    notionalUnit,
    lotsPerUnit: pow10(qd),
    minLots: Number(mustParse(cfg.minOrderQty, qd, 'minOrderQty')),
    maxLots: Number(mustParse(cfg.maxOrderQty, qd, 'maxOrderQty')),
    maxPosLots: Number(mustParse(cfg.maxPositionSize, qd, 'maxPositionSize')),
    capRate: Number(mustParse(cfg.priceCapRatio, RATE_DP, 'priceCapRatio')),
    floorRate: Number(mustParse(cfg.priceFloorRatio, RATE_DP, 'priceFloorRatio')),
    makerRate: mustParse(cfg.makerFee, RATE_DP, 'makerFee'),
    takerRate: mustParse(cfg.takerFee, RATE_DP, 'takerFee'),
    makerFeeUnit: (pow10(SCALE_DP - pd - qd) * mustParse(cfg.makerFee, RATE_DP, 'makerFee')) / RATE_SCALE,
    takerFeeUnit,
    mmr,
    protection: protectionOf(cfg),
    startPriceTicks: Number(startPrice),
    defaultCfg: Object.freeze({ leverage: cfg.defLeverage, mode: 'cross' as const }),
    lockPerTl: [],
    takerBoundUnit: notionalUnit + takerFeeUnit,
    maintPerTl: notionalUnit * mmr,
  };
}

/** Highest limit price accepted for `mark` (also the market-buy protection bound). */
export function capTicks(spec: SymbolSpec, mark: number): number {
  return Math.floor((mark * (1e8 + spec.capRate)) / 1e8);
}

/** Lowest limit price accepted for `mark` (also the market-sell protection bound). */
export function floorTicks(spec: SymbolSpec, mark: number): number {
  return Math.ceil((mark * (1e8 - spec.floorRate)) / 1e8);
}

/**
 * The worst price an automatic close (triggered TP/SL, the house's unwind) may fill at: a sell
 * mark × (1 − band) rounded up to the tick, a buy mark × (1 + band) rounded down. Exact.
 */
export function protectionTicks(spec: SymbolSpec, mark: number, sell: boolean): number {
  const m = BigInt(mark);
  if (sell) return Number((m * (SCALE - spec.protection) + SCALE - 1n) / SCALE);
  return Number((m * (SCALE + spec.protection)) / SCALE);
}
