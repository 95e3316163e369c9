import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type RefObject } from 'react';
import type { LogicalRange, UTCTimestamp } from 'lightweight-charts';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import type { KlineResolution } from '../../api/schemas';
import type { MarketStream } from '../../api/stream/market-stream';
import { createFrameBatcher } from '../../lib/frame-batcher';
import type { ChartParts } from './chart-parts';
import { palette } from './chart-theme';
import { applyTrade, historyToBars, mergeBars, resolutionSeconds, type Bar, type LiveTrade } from './kline-buckets';

/** Bars per history request (initial, and each time the trader scrolls back). */
export const PAGE_BARS = 300;
/** Load older bars once fewer than this many remain left of the view. */
const LOAD_MORE_THRESHOLD = 20;

const candle = (b: Bar) => ({ time: b.time as UTCTimestamp, open: b.open, high: b.high, low: b.low, close: b.close });
const volume = (b: Bar) => ({ time: b.time as UTCTimestamp, value: b.volume, color: b.close >= b.open ? palette.upFaded : palette.downFaded });

export interface CandleEvents {
  onLoaded: (key: string, count: number) => void;
  onError: (key: string, message: string) => void;
}

/**
 * Candles of one symbol and resolution: the latest page from kline/history (through the shared
 * query cache), live updates from `public_trade`, older pages when scrolled back, and the tail
 * reloaded after the stream reconnects.
 */
export function useCandles(
  parts: RefObject<ChartParts | null>,
  symbol: string,
  resolution: KlineResolution,
  marketStream: MarketStream | null,
  events: CandleEvents,
) {
  const api = useApi();
  const qc = useQueryClient();
  const { onLoaded, onError } = events;

  useEffect(() => {
    const p = parts.current;
    if (!p) return;
    const key = `${symbol}|${resolution}`;
    const seconds = resolutionSeconds(resolution);
    let cancelled = false;
    let bars: Bar[] = [];
    let ready = false;
    let loadingOlder = false;
    let exhausted = false;
    const early: LiveTrade[] = [];

    p.chart.applyOptions({ timeScale: { secondsVisible: resolution === '1T' || resolution === '3S' } });
    p.candles.setData([]);
    p.volume.setData([]);

    const render = () => {
      p.candles.setData(bars.map(candle));
      p.volume.setData(bars.map(volume));
    };
    const fetchBars = async (to: number) =>
      historyToBars(
        await qc.fetchQuery(
          marketQueries.klines(api, { symbol, resolution, from: Math.max(0, to - PAGE_BARS * seconds), to, countback: PAGE_BARS }),
        ),
      );
    const applyLive = (trades: LiveTrade[]) => {
      // Each bar the batch touched is handed to the chart once, in time order.
      const touched: Bar[] = [];
      for (const t of trades) {
        const r = applyTrade(bars.at(-1), t, resolution);
        if (!r) continue;
        if (r.isNew) bars.push(r.bar);
        else bars[bars.length - 1] = r.bar;
        if (touched.at(-1)?.time === r.bar.time) touched[touched.length - 1] = r.bar;
        else touched.push(r.bar);
      }
      for (const bar of touched) {
        p.candles.update(candle(bar));
        p.volume.update(volume(bar));
      }
    };
    const loadTail = async (first: boolean) => {
      try {
        const latest = await fetchBars(Math.floor(api.transport.now() / 1000) + seconds);
        if (cancelled) return;
        bars = mergeBars(bars, latest);
        if (first && latest.length < PAGE_BARS) exhausted = true; // the whole history fit in one page
        render();
        // A new symbol or resolution starts at the latest bars with the default spacing, whatever
        // range the previous one was scrolled to.
        if (first) p.chart.timeScale().resetTimeScale();
        ready = true;
        applyLive(early.splice(0));
        onLoaded(key, bars.length);
      } catch (e) {
        if (!cancelled) onError(key, e instanceof Error ? e.message : String(e));
      }
    };
    void loadTail(true);

    const live = createFrameBatcher<LiveTrade>((trades) => {
      if (ready) applyLive(trades);
      else early.push(...trades);
    });
    const offTrades = marketStream?.subscribe('public_trade', symbol, (t) =>
      live.push({ price: Number(t.price), qty: Number(t.qty), timeMs: t.time }),
    );

    let wasDown = false;
    const offStatus = marketStream?.onStatus((s) => {
      if (s === 'reconnecting') wasDown = true;
      else if (s === 'open' && wasDown) {
        wasDown = false;
        void loadTail(false);
      }
    });

    const onRange = (_event: LogicalRange | null) => {
      // Events can arrive late (after a reset); decide on where the view is now.
      const range = p.chart.timeScale().getVisibleLogicalRange();
      if (!range || !ready || loadingOlder || exhausted || bars.length === 0 || range.from > LOAD_MORE_THRESHOLD) return;
      loadingOlder = true;
      const firstTime = bars[0]!.time;
      fetchBars(firstTime - 1)
        .then((older) => {
          if (cancelled) return;
          const fresh = older.filter((b) => b.time < firstTime);
          if (fresh.length === 0) {
            exhausted = true;
            return;
          }
          const visible = p.chart.timeScale().getVisibleLogicalRange();
          bars = mergeBars(fresh, bars);
          render();
          if (visible) p.chart.timeScale().setVisibleLogicalRange({ from: visible.from + fresh.length, to: visible.to + fresh.length });
        })
        .catch(() => undefined)
        .finally(() => {
          loadingOlder = false;
        });
    };
    p.chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);

    return () => {
      cancelled = true;
      live.stop();
      offTrades?.();
      offStatus?.();
      // Gone with the chart when the page is left (the chart is removed first); nothing may touch it then.
      if (!p.removed) p.chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
    };
  }, [parts, api, qc, symbol, resolution, marketStream, onLoaded, onError]);
}
