import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type RefObject } from 'react';
import type { LogicalRange, UTCTimestamp } from 'lightweight-charts';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import type { KlineResolution } from '../../api/schemas';
import type { MarketStream } from '../../api/stream/market-stream';
import { createFrameBatcher } from '../../lib/frame-batcher';
import { framesAtMost } from '../../lib/frame-clock';
import type { ChartParts } from './chart-parts';
import { palette } from './chart-theme';
import { needsNewWindow, prependPage, replaceTail, windowFor, type CandleWindow, type HistoryView } from './candle-window';
import { changesChart, VOLUME_SCALE_TOP } from './live-bar-change';
import { applyTrade, historyToBars, resolutionSeconds, type Bar, type LiveTrade } from './kline-buckets';

/** Bars per history request (initial, and each time the trader scrolls back). */
export const PAGE_BARS = 300;
/** Load older bars once fewer than this many loaded bars remain left of the view (a third of a page ahead). */
const LOAD_MORE_THRESHOLD = 100;
/**
 * The live bar is redrawn at most this often (ms). A candle moving ten times a second reads as live;
 * at 60 redraws a second a busy market's chart cost the page as much as the book and the tape
 * together (README, Performance). The history takes every trade; the book and the tape draw every frame.
 */
export const LIVE_BAR_INTERVAL_MS = 100;

const candle = (b: Bar) => ({ time: b.time as UTCTimestamp, open: b.open, high: b.high, low: b.low, close: b.close });
const volume = (b: Bar) => ({ time: b.time as UTCTimestamp, value: b.volume, color: b.close >= b.open ? palette.upFaded : palette.downFaded });

export interface CandleEvents {
  onLoaded: (key: string, count: number) => void;
  onError: (key: string, message: string) => void;
}

/**
 * Candles of one symbol and resolution: the latest page from kline/history (through the shared
 * query cache), live updates from `public_trade`, older pages when scrolled back, and the tail
 * reloaded after the stream reconnects. Every loaded bar is kept, but the series is handed only a
 * window around the view (candle-window.ts), so a page or a live trade costs the same at 50,000
 * loaded bars as at 300.
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
    /** Every loaded bar, oldest first; the series holds `shown` of them (candle-window.ts). */
    let history: Bar[] = [];
    let shown: CandleWindow = { start: 0, end: 0 };
    let ready = false;
    let loadingOlder = false;
    let exhausted = false;
    let showing = false;
    /**
     * lightweight-charts applies a new visible range (and a reset) at its next draw, a frame later;
     * until then its range still counts in the old window's indexes. We wait for that draw before
     * deciding anything on the view again (`settleFrame`), and `expectedView` is where it will be.
     */
    let settleFrame = 0;
    let expectedView: HistoryView | null = null;
    const early: LiveTrade[] = [];
    /** The latest bar as the series has it; undefined after a setData, so the next live bar is sent. */
    let sent: Bar | undefined;

    p.chart.applyOptions({ timeScale: { secondsVisible: resolution === '1T' || resolution === '3S' } });
    p.candles.setData([]);
    p.volume.setData([]);
    p.indicators.rebuild([]);
    p.indicators.show(0, 0);

    /** The view in history indexes (null before the chart has a range). */
    const viewNow = (): HistoryView | null => {
      if (expectedView) return expectedView;
      const range = p.chart.timeScale().getVisibleLogicalRange();
      return range && { from: range.from + shown.start, to: range.to + shown.start };
    };
    /** Hands the series the window's bars and keeps the trader's view on the same bars. */
    const show = (next: CandleWindow, view: HistoryView | null) => {
      const slice = history.slice(next.start, next.end);
      showing = true;
      sent = undefined;
      try {
        p.candles.setData(slice.map(candle));
        p.volume.setData(slice.map(volume));
        p.indicators.show(next.start, next.end);
        shown = next;
        if (view) p.chart.timeScale().setVisibleLogicalRange({ from: view.from - next.start, to: view.to - next.start });
      } finally {
        showing = false;
      }
      expectedView = view;
      // Registered after the chart's own draw (rAF callbacks run in order): by then it is applied.
      settleFrame ||= requestAnimationFrame(() => {
        settleFrame = 0;
        expectedView = null;
        onRange(null);
      });
    };
    const latestWindow = () => windowFor(history.length, { from: history.length - PAGE_BARS, to: history.length });
    /** A new window when the view nears the edge of the one shown (or it grew too big). */
    const followView = () => {
      const view = viewNow();
      if (view && needsNewWindow(shown, history.length, view)) show(windowFor(history.length, view), view);
      return view;
    };
    /** `fresh`: asked of the service even when a page for this key is cached (a read-back after a reconnect). */
    const fetchBars = async (to: number, fresh = false) => {
      const query = marketQueries.klines(api, { symbol, resolution, from: Math.max(0, to - PAGE_BARS * seconds), to, countback: PAGE_BARS });
      return historyToBars(await qc.fetchQuery(fresh ? { ...query, staleTime: 0 } : query));
    };
    const applyLive = (trades: LiveTrade[]) => {
      // Each bar the batch touched is handed to the chart once, in time order, when the series
      // holds the latest bar and only if it changes what the chart shows (live-bar-change.ts);
      // scrolled back, the history alone takes the trades.
      const touched: Bar[] = [];
      /** Every bar the batch changed, scrolled back or not: the indicators follow the history. */
      const changed: Bar[] = [];
      for (const t of trades) {
        const r = applyTrade(history.at(-1), t, resolution);
        if (!r) continue;
        const atLatest = shown.end === history.length;
        if (r.isNew) history.push(r.bar);
        else history[history.length - 1] = r.bar;
        if (changed.at(-1)?.time === r.bar.time) changed[changed.length - 1] = r.bar;
        else changed.push(r.bar);
        if (!atLatest) continue;
        shown = { start: shown.start, end: history.length };
        if (touched.at(-1)?.time === r.bar.time) touched[touched.length - 1] = r.bar;
        else touched.push(r.bar);
      }
      // Each indicator takes the batch's bars in O(1) each (drawn below with the candles that show).
      for (const bar of changed) p.indicators.tick(history, bar);
      if (touched.length === 0) return;
      // The pane can grow up to the viewport (a window made taller, a hidden phone tab shown): volume
      // left out must stay under half a pixel at that height too.
      const volumeAreaPx = Math.max(p.chart.paneSize().height, window.innerHeight) * (1 - VOLUME_SCALE_TOP);
      for (const bar of touched) {
        if (!changesChart(sent, bar, volumeAreaPx)) continue;
        p.candles.update(candle(bar));
        p.volume.update(volume(bar));
        p.indicators.draw(bar.time);
        sent = bar;
      }
    };
    /** The newest tail load; an older one's answer is dropped. */
    let tailLoads = 0;
    /** A reconnect came while the first load was on its way: read the tail again after it. */
    let reloadAfterFirst = false;
    const loadTail = async (first: boolean) => {
      const load = ++tailLoads;
      try {
        const latest = await fetchBars(Math.floor(api.transport.now() / 1000) + seconds, !first);
        if (cancelled || load !== tailLoads) return;
        if (first) {
          history = latest;
          p.indicators.rebuild(history);
          if (latest.length < PAGE_BARS) exhausted = true; // the whole history fit in one page
          // The latest bars (all of one page; of a longer answer, the window a page's view needs).
          show(latestWindow(), null);
          // A new symbol or resolution starts at the latest bars with the default spacing, whatever
          // range the previous one was scrolled to.
          p.chart.timeScale().resetTimeScale();
        } else {
          // After a reconnect: older bars keep their indexes, so the view stays where it was.
          const view = viewNow();
          history = replaceTail(history, latest);
          p.indicators.rebuild(history);
          show(view ? windowFor(history.length, view) : latestWindow(), view);
        }
        ready = true;
        applyLive(early.splice(0));
        onLoaded(key, history.length);
        if (reloadAfterFirst) {
          reloadAfterFirst = false;
          void loadTail(false);
        }
      } catch (e) {
        if (!cancelled) onError(key, e instanceof Error ? e.message : String(e));
      }
    };
    void loadTail(true);

    // On the market's frame clock (the chart takes a frame's trades in the same turn as the book),
    // at most every LIVE_BAR_INTERVAL_MS.
    const live = createFrameBatcher<LiveTrade>((trades) => {
      if (ready) applyLive(trades);
      else early.push(...trades);
    }, framesAtMost(LIVE_BAR_INTERVAL_MS));
    const offTrades = marketStream?.subscribe('public_trade', symbol, (t) =>
      live.push({ price: Number(t.price), qty: Number(t.qty), timeMs: t.time }),
    );

    // After a reconnect (or the stream's move into the market worker) trades may have been missed,
    // and after the first connection's subscription the trades between an answer served before it and
    // the subscription: the tail is read again, from the service (the cached page is what the chart
    // already has), and after the first load if that is still on its way.
    const offResync = marketStream?.onReconnected(() => {
      if (ready) void loadTail(false);
      else reloadAfterFirst = true;
    });

    const loadOlder = () => {
      loadingOlder = true;
      let grew = false;
      fetchBars(history[0]!.time - 1)
        .then((older) => {
          if (cancelled) return;
          const { bars, added } = prependPage(history, older);
          if (added === 0) {
            exhausted = true;
            return;
          }
          // The same bars keep the same place on screen: the series' indexes move by `added`,
          // and the window takes in the new page only if the trader is near its old edge.
          history = bars;
          shown = { start: shown.start + added, end: shown.end + added };
          // Older bars in front move every index and can change the indicators' values in view (an
          // EMA's seed is the first bar): computed again, redrawn over the same bars.
          p.indicators.rebuild(history);
          p.indicators.show(shown.start, shown.end);
          grew = true;
          followView();
        })
        .catch(() => undefined)
        .finally(() => {
          loadingOlder = false;
          // Still near the oldest bar (a short page, a zoomed-out view): the next page without
          // waiting for another scroll (never after a failure: that would retry in a loop).
          if (grew && !cancelled) onRange(null);
        });
    };
    const onRange = (_event: LogicalRange | null) => {
      // Events can arrive late (after a reset) or from our own setData; decide on where the view is now.
      if (!ready || showing || settleFrame !== 0 || cancelled || history.length === 0) return;
      const view = followView();
      if (view && !loadingOlder && !exhausted && view.from < LOAD_MORE_THRESHOLD) loadOlder();
    };
    p.chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);

    // A double-click on the time axis is the chart's "back to the latest bar": it resets to the
    // series' end, which scrolled back is only the window's end, so the window moves to the latest first.
    const element = p.chart.chartElement();
    const onDoubleClick = (e: MouseEvent) => {
      if (!ready || history.length === 0) return;
      if (e.clientY < element.getBoundingClientRect().bottom - p.chart.timeScale().height()) return;
      if (shown.end !== history.length) show(latestWindow(), null);
      p.chart.timeScale().resetTimeScale();
    };
    element.addEventListener('dblclick', onDoubleClick);

    return () => {
      cancelled = true;
      cancelAnimationFrame(settleFrame);
      element.removeEventListener('dblclick', onDoubleClick);
      live.stop();
      offTrades?.();
      offResync?.();
      // Gone with the chart when the page is left (the chart is removed first); nothing may touch it then.
      if (!p.removed) p.chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
    };
  }, [parts, api, qc, symbol, resolution, marketStream, onLoaded, onError]);
}
