// Candles from real trades, kept in three bounded tiers (1 s, 1 min, 1 h) and
// aggregated at query time into every resolution of decisions.md. Prices are
// ticks, volume lots, quote volume tick×lots: all exact integers.
import type { Prng } from './prng.js';
import type { SymbolSpec } from './symbols.js';
import type { KlineHistory } from './types.js';

export interface Bar {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  q: number;
}

export class BarSeries {
  bars: Bar[] = [];
  constructor(readonly period: number, readonly cap: number) {}

  add(tSec: number, price: number, lots: number): void {
    const bt = tSec - (tSec % this.period);
    const last = this.bars[this.bars.length - 1];
    if (last !== undefined && bt <= last.t) {
      if (price > last.h) last.h = price;
      if (price < last.l) last.l = price;
      last.c = price;
      last.v += lots;
      last.q += price * lots;
      return;
    }
    this.bars.push({ t: bt, o: price, h: price, l: price, c: price, v: lots, q: price * lots });
    if (this.bars.length > this.cap + (this.cap >> 3)) this.bars = this.bars.slice(this.bars.length - this.cap);
  }

  /** Appends a whole bar (history seeding); merges into an existing bar of the same period. */
  addBar(b: Bar): void {
    const bt = b.t - (b.t % this.period);
    const last = this.bars[this.bars.length - 1];
    if (last !== undefined && bt <= last.t) {
      if (b.h > last.h) last.h = b.h;
      if (b.l < last.l) last.l = b.l;
      last.c = b.c;
      last.v += b.v;
      last.q += b.q;
      return;
    }
    this.bars.push({ ...b, t: bt });
  }
}

export interface KlineStore {
  sec: BarSeries;
  min: BarSeries;
  hour: BarSeries;
}

export function newKlineStore(): KlineStore {
  return { sec: new BarSeries(1, 3_600), min: new BarSeries(60, 7 * 1_440), hour: new BarSeries(3_600, 24 * 400) };
}

export function recordKline(k: KlineStore, timeMs: number, price: number, lots: number): void {
  const t = Math.floor(timeMs / 1000);
  k.sec.add(t, price, lots);
  k.min.add(t, price, lots);
  k.hour.add(t, price, lots);
}

export const RESOLUTIONS = ['1T', '3S', '1', '5', '15', '60', '1D', '1W', '1M'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

const MONDAY_OFFSET = 4 * 86_400; // 1970-01-01 was a Thursday

function bucketFn(res: Resolution): (t: number) => number {
  switch (res) {
    case '1T': return (t) => t;
    case '3S': return (t) => t - (t % 3);
    case '1': return (t) => t - (t % 60);
    case '5': return (t) => t - (t % 300);
    case '15': return (t) => t - (t % 900);
    case '60': return (t) => t - (t % 3_600);
    case '1D': return (t) => t - (t % 86_400);
    case '1W': return (t) => t - ((t - MONDAY_OFFSET) % 604_800);
    case '1M': return (t) => {
      const d = new Date(t * 1000);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
    };
  }
}

function nextBucket(res: Resolution, t: number): number {
  switch (res) {
    case '1T': return t + 1;
    case '3S': return t + 3;
    case '1': return t + 60;
    case '5': return t + 300;
    case '15': return t + 900;
    case '60': return t + 3_600;
    case '1D': return t + 86_400;
    case '1W': return t + 604_800;
    case '1M': {
      const d = new Date(t * 1000);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000;
    }
  }
}

function source(k: KlineStore, res: Resolution): BarSeries {
  if (res === '1T' || res === '3S') return k.sec;
  if (res === '1' || res === '5' || res === '15') return k.min;
  return k.hour;
}

/**
 * Bars with from ≤ t ≤ to (t = bucket open, Unix seconds), or with `countback`
 * the last N bars with t ≤ to. Resolutions of a minute and more are gap-filled
 * with flat bars at the previous close (volume 0) up to the current bucket;
 * 1T (1-second bars) and 3S stay sparse.
 */
export function queryKlines(
  k: KlineStore, spec: SymbolSpec, res: Resolution, from: number, to: number, countback: number | undefined, nowSec: number,
): KlineHistory {
  const bucket = bucketFn(res);
  const src = source(k, res).bars;
  const agg: Bar[] = [];
  for (const b of src) {
    if (b.t > to) break;
    const bt = bucket(b.t);
    const last = agg[agg.length - 1];
    if (last !== undefined && last.t === bt) {
      if (b.h > last.h) last.h = b.h;
      if (b.l < last.l) last.l = b.l;
      last.c = b.c;
      last.v += b.v;
    } else agg.push({ t: bt, o: b.o, h: b.h, l: b.l, c: b.c, v: b.v, q: 0 });
  }
  let bars = agg;
  if (res !== '1T' && res !== '3S' && agg.length > 0) {
    bars = [];
    const end = bucket(Math.min(to, nowSec));
    for (let i = 0; i < agg.length; i++) {
      const b = agg[i] as Bar;
      bars.push(b);
      const limit = i + 1 < agg.length ? (agg[i + 1] as Bar).t : nextBucket(res, end);
      for (let t = nextBucket(res, b.t); t < limit && t <= to; t = nextBucket(res, t)) {
        bars.push({ t, o: b.c, h: b.c, l: b.c, c: b.c, v: 0, q: 0 });
      }
    }
  }
  let out: Bar[];
  if (countback !== undefined && countback > 0) out = bars.slice(Math.max(0, bars.length - countback));
  else out = bars.filter((b) => b.t >= from);
  const t: number[] = [];
  const c: number[] = [];
  const o: number[] = [];
  const h: number[] = [];
  const l: number[] = [];
  const v: number[] = [];
  const pdiv = 10 ** spec.pd;
  const qdiv = 10 ** spec.qd;
  for (const b of out) {
    t.push(b.t);
    o.push(b.o / pdiv);
    h.push(b.h / pdiv);
    l.push(b.l / pdiv);
    c.push(b.c / pdiv);
    v.push(b.v / qdiv);
  }
  // Key order as the service sends it; `no_data` keeps the (empty) arrays.
  return { s: out.length > 0 ? 'ok' : 'no_data', t, c, o, h, l, v };
}

/**
 * Deterministic synthetic history so charts are not empty at start: `days` of
 * 1-minute bars ending just before `startMs` (walking backwards from the start
 * price) and 60 further days of hourly bars before that.
 */
export function seedHistory(k: KlineStore, spec: SymbolSpec, rng: Prng, startMs: number, days: number): void {
  if (days <= 0) return;
  const startMin = Math.floor(startMs / 60_000) * 60;
  const mins = Math.round(days * 1_440);
  const sigmaMin = spec.cfg.volatilityPerSec * Math.sqrt(60);
  const sigmaHour = spec.cfg.volatilityPerSec * Math.sqrt(3_600);
  const volLots = Math.max(spec.minLots, spec.cfg.maker.flowMaxLots) * 20;
  const closes: number[] = new Array<number>(mins);
  let p = spec.startPriceTicks;
  for (let i = mins - 1; i >= 0; i--) {
    closes[i] = p;
    p = Math.max(1, Math.round(p * (1 + sigmaMin * rng.normal())));
  }
  const hourly: Bar[] = [];
  let hp = p;
  for (let i = 0; i < 60 * 24; i++) {
    const c = hp;
    const o = Math.max(1, Math.round(c * (1 + sigmaHour * rng.normal())));
    hourly.push(makeBar(0, o, c, rng, sigmaHour, volLots * 60));
    hp = o;
  }
  hourly.reverse();
  const firstMinute = startMin - mins * 60;
  const firstHour = firstMinute - (firstMinute % 3_600);
  for (let i = 0; i < hourly.length; i++) {
    const b = hourly[i] as Bar;
    b.t = firstHour - (hourly.length - i) * 3_600;
    k.hour.addBar(b);
  }
  let prev = p;
  for (let i = 0; i < mins; i++) {
    const c = closes[i] as number;
    const b = makeBar(firstMinute + i * 60, prev, c, rng, sigmaMin, volLots);
    k.min.addBar(b);
    k.hour.addBar(b);
    prev = c;
  }
}

function makeBar(t: number, o: number, c: number, rng: Prng, sigma: number, volLots: number): Bar {
  const hi = Math.max(o, c);
  const lo = Math.min(o, c);
  const h = Math.round(hi * (1 + Math.abs(rng.normal()) * sigma * 0.3));
  const l = Math.max(1, Math.round(lo * (1 - Math.abs(rng.normal()) * sigma * 0.3)));
  const v = 1 + Math.floor(rng.next() * volLots);
  return { t, o, h, l, c, v, q: Math.round((o + c) / 2) * v };
}
