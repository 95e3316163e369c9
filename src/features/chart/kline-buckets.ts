import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { KlineHistory, KlineResolution } from '../../api/schemas';

/**
 * Candles for the chart. Klines are JSON numbers by the spec (§2.14): the one place where floats
 * are fine, because they are only drawn.
 */
export interface Bar {
  /** Bucket open, Unix seconds. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** The intervals the chart offers: a short label (the venues' own, in every language) and what it means. */
export const RESOLUTIONS: readonly { value: KlineResolution; label: string; title: MessageDescriptor }[] = [
  { value: '1T', label: '1s', title: msg`1-second candles` },
  { value: '3S', label: '3s', title: msg`3-second candles` },
  { value: '1', label: '1m', title: msg`1-minute candles` },
  { value: '5', label: '5m', title: msg`5-minute candles` },
  { value: '15', label: '15m', title: msg`15-minute candles` },
  { value: '60', label: '1h', title: msg`1-hour candles` },
  { value: '1D', label: '1D', title: msg`Daily candles` },
  { value: '1W', label: '1W', title: msg`Weekly candles (from Monday)` },
  { value: '1M', label: '1M', title: msg`Monthly candles` },
];

/** Nominal length of one bar in seconds (a month counts 31 days: used only to size a request). */
export function resolutionSeconds(res: KlineResolution): number {
  switch (res) {
    case '1T':
      return 1;
    case '3S':
      return 3;
    case '1D':
      return 86_400;
    case '1W':
      return 604_800;
    case '1M':
      return 31 * 86_400;
    default:
      return Number(res) * 60;
  }
}

/** 1970-01-01 was a Thursday; weeks open on Monday 00:00 UTC. */
const MONDAY_OFFSET = 4 * 86_400;

/** Open time (Unix s, UTC) of the bar a moment `t` (Unix s) belongs to. */
export function bucketStart(res: KlineResolution, t: number): number {
  switch (res) {
    case '1T':
      return t;
    case '3S':
      return t - (t % 3);
    case '1D':
      return t - (t % 86_400);
    case '1W':
      return t - ((((t - MONDAY_OFFSET) % 604_800) + 604_800) % 604_800);
    case '1M': {
      const d = new Date(t * 1000);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
    }
    default: {
      const size = Number(res) * 60;
      return t - (t % size);
    }
  }
}

export interface LiveTrade {
  price: number;
  qty: number;
  /** Unix milliseconds, as `public_trade` sends it. */
  timeMs: number;
}

/**
 * A live trade against the last bar: inside its bucket it moves high/low/close and adds volume; past
 * it, it opens a new bar at the trade price; before it (late delivery), it is ignored.
 */
export function applyTrade(last: Bar | undefined, trade: LiveTrade, res: KlineResolution): { bar: Bar; isNew: boolean } | null {
  const t = bucketStart(res, Math.floor(trade.timeMs / 1000));
  if (last && t < last.time) return null;
  if (last && t === last.time) {
    return {
      isNew: false,
      bar: {
        ...last,
        high: Math.max(last.high, trade.price),
        low: Math.min(last.low, trade.price),
        close: trade.price,
        volume: last.volume + trade.qty,
      },
    };
  }
  return { isNew: true, bar: { time: t, open: trade.price, high: trade.price, low: trade.price, close: trade.price, volume: trade.qty } };
}

/** The column arrays of kline/history as bars, oldest first. */
export function historyToBars(h: KlineHistory): Bar[] {
  if (h.s !== 'ok') return [];
  const bars: Bar[] = [];
  for (let i = 0; i < h.t.length; i++) {
    bars.push({ time: h.t[i]!, open: h.o[i]!, high: h.h[i]!, low: h.l[i]!, close: h.c[i]!, volume: h.v[i]! });
  }
  return bars.sort((a, b) => a.time - b.time);
}

/** Both lists as one, oldest first, one bar per time; on a clash `newer` wins. */
export function mergeBars(older: readonly Bar[], newer: readonly Bar[]): Bar[] {
  const byTime = new Map<number, Bar>();
  for (const b of older) byTime.set(b.time, b);
  for (const b of newer) byTime.set(b.time, b);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}
