import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CandlestickSeries, createChart, HistogramSeries, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { createRoot } from 'react-dom/client';
import { createApiClient } from '../../src/api/client';
import { ApiProvider } from '../../src/api/react';
import type { SymbolInfo } from '../../src/api/schemas';
import { MarketStream } from '../../src/api/stream/market-stream';
import type { StreamSocket } from '../../src/api/stream/socket';
import { readConfig } from '../../src/app/config';
import { chartOptions, palette } from '../../src/features/chart/chart-theme';
import { historyToBars, type Bar } from '../../src/features/chart/kline-buckets';
import { PriceChart } from '../../src/features/chart/price-chart';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { activateLocale, loadPanelWords } from '../../src/i18n/activate';
import { useChartIndicators } from '../../src/stores/chart-indicators';
import '../../src/app/styles.css';

/**
 * Figure 4: the app's own chart code path — PriceChart → useCandles → kline/history through the
 * api client (JSON parse + schema) and the query cache → historyToBars/mergeBars → lightweight-charts
 * setData — fed a `?candles=50000` history by an in-page fetch, and live `public_trade`s through a
 * real MarketStream on an in-page socket (schema, dispatch, frame batcher, series.update).
 *
 * `?mode=bare` is the peer: lightweight-charts driven directly (same chart and series options,
 * JSON.parse → setData, series.update per tick), without the app's layers.
 *
 * `?paged=1` (the scroll-back figure) serves the same history as the service would: the last
 * `countback` bars at or before `to`, so the app opens on its first page and reaches older bars only
 * through its own paging as `scrollBack()` wheels the chart left.
 *
 * `window.__chart.mount()` mounts it; `tick()` pushes one trade; `fillRects` counts canvas
 * fillRect calls, which tells the harness which frame drew the candles.
 */
const params = new URLSearchParams(location.search);
const N = Number(params.get('candles') ?? 50_000);
const BARE = params.get('mode') === 'bare';
const PAGED = params.get('paged') === '1';
/** `?indicators=5`: the chart opens with EMA, Bollinger, VWAP, RSI and MACD on (issue 31's figure). */
const FIVE_INDICATORS = params.get('indicators') === '5';
const RES_SEC = 15 * 60; // PriceChart opens on 15-minute candles
const SYMBOL = 'BTC-USD';

interface ChartBench {
  candles: number;
  klineRequestedAt: number | null;
  klineBytes: number;
  fillRects: number;
  mounted: number | null;
  /** Paged mode: each kline request (page time), its answer and the bars in it. */
  pages: { requestedAt: number; respondedAt: number; bars: number }[];
  /** Every setData on a series of the page: [start, duration ms, bars, first bar time]... */
  setData: number[];
  mount(): void;
  tick(): number;
  scrollBack(wheelDeltaX: number, maxWheels: number): Promise<{ wheels: number; loaded: number }>;
}

const nativeFillRect = CanvasRenderingContext2D.prototype.fillRect;
const bench: ChartBench = {
  candles: N,
  klineRequestedAt: null,
  klineBytes: 0,
  fillRects: 0,
  mounted: null,
  pages: [],
  setData: [],
  mount: BARE ? mountBare : mount,
  tick: BARE ? tickBare : tick,
  scrollBack,
};
CanvasRenderingContext2D.prototype.fillRect = function fillRect(this: CanvasRenderingContext2D, ...args: Parameters<typeof nativeFillRect>) {
  bench.fillRects++;
  return nativeFillRect.apply(this, args);
};
// The chart's words in English, as the app has them before it mounts a panel; the harness waits for __chart.
await activateLocale('en');
await loadPanelWords();
(window as unknown as { __chart: ChartBench }).__chart = bench;
// The probe (when installed) records this counter's delta for each rAF callback it times.
const probe = (window as unknown as { __bench?: { counter?: () => number } }).__bench;
if (probe) probe.counter = () => bench.fillRects;

// ---- the history the service would send: N candles ending in the current bucket (a random walk)
const nowSec = Math.floor(Date.now() / 1000);
const lastOpen = nowSec - (nowSec % RES_SEC);
const k = { s: 'ok' as const, t: [] as number[], o: [] as number[], h: [] as number[], l: [] as number[], c: [] as number[], v: [] as number[] };
let seed = 12345;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
let price = 60_000;
for (let i = N - 1; i >= 0; i--) {
  const open = price;
  const close = Math.max(1000, open + (rand() - 0.5) * 400);
  k.t.push(lastOpen - i * RES_SEC);
  k.o.push(+open.toFixed(1));
  k.c.push(+close.toFixed(1));
  k.h.push(+(Math.max(open, close) + rand() * 120).toFixed(1));
  k.l.push(+(Math.min(open, close) - rand() * 120).toFixed(1));
  k.v.push(+(rand() * 50).toFixed(3));
  price = close;
}
const klineText = JSON.stringify(k);
/** As the devnet answers (devnet/engine/klines.ts): the last `countback` bars with t ≤ to. */
function kPage(to: number, countback: number): typeof k | { s: 'no_data' } {
  let end = 0; // the first bar after `to` (binary search)
  for (let hi = k.t.length; end < hi; ) {
    const mid = (end + hi) >> 1;
    if (k.t[mid]! <= to) end = mid + 1;
    else hi = mid;
  }
  const start = Math.max(0, end - countback);
  if (end === start) return { s: 'no_data' as const };
  const cut = (a: number[]) => a.slice(start, end);
  return { s: 'ok' as const, t: cut(k.t), o: cut(k.o), h: cut(k.h), l: cut(k.l), c: cut(k.c), v: cut(k.v) };
}
bench.klineBytes = klineText.length;
const lastClose = price;
const symbolPrice = JSON.stringify({
  base: 'BTC',
  quote: 'DUSD',
  symbol: SYMBOL,
  index_price: lastClose.toFixed(1),
  mark_price: lastClose.toFixed(1),
  last_price: lastClose.toFixed(1),
  mid_price: lastClose.toFixed(1),
  spread_ask: (lastClose + 0.1).toFixed(1),
  spread_bid: lastClose.toFixed(1),
  time: new Date().toISOString(),
});

const benchFetch: typeof fetch = async (input) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  if (url.pathname === '/api/kline/history') {
    const requestedAt = performance.now();
    bench.klineRequestedAt ??= requestedAt;
    if (!PAGED) return new Response(klineText, { status: 200, headers: { 'content-type': 'application/json' } });
    const page = kPage(Number(url.searchParams.get('to')), Number(url.searchParams.get('countback')));
    const text = JSON.stringify(page);
    bench.pages.push({ requestedAt, respondedAt: performance.now(), bars: page.s === 'ok' ? page.t.length : 0 });
    return new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
  }
  if (url.pathname === '/api/query_symbol_price') return new Response(symbolPrice, { status: 200 });
  return new Response('{"code":404,"message":"not in the bench"}', { status: 404 });
};

const config = readConfig({ VITE_BASE_URL: 'http://bench.invalid', VITE_DEVNET: 'true' });
const api = createApiClient({ urls: config, fetch: benchFetch });

// ---- a market stream on an in-page socket: the harness pushes trades through the real parser
let socket: StreamSocket | null = null;
const market = new MarketStream({
  url: 'ws://bench.invalid/ws-stream/v1',
  createSocket: () => {
    const s: StreamSocket = { readyState: 1, send: () => undefined, close: () => undefined, onopen: null, onmessage: null, onclose: null, onerror: null };
    socket = s;
    setTimeout(() => s.onopen?.({}), 0);
    return s;
  },
});

let seq = 0;
let tickPrice = lastClose;
/** Pushes one public_trade through the stream; returns the synchronous dispatch time (ms). */
function tick(): number {
  seq++;
  tickPrice += (seq % 2 === 0 ? 1 : -1) * 0.7 * (seq % 5);
  const text = JSON.stringify({
    seq,
    channel: 'public_trade',
    symbol: SYMBOL,
    data: { id: seq, price: tickPrice.toFixed(1), qty: '0.010', side: seq % 2 ? 'buy' : 'sell', symbol: SYMBOL, time: Date.now() },
  });
  const t0 = performance.now();
  socket?.onmessage?.({ data: text });
  return performance.now() - t0;
}

const info = { symbol: SYMBOL, price_tick_decimals: 1, qty_tick_decimals: 3, base_asset: 'BTC' } as unknown as SymbolInfo;
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

function mount() {
  if (FIVE_INDICATORS) {
    useChartIndicators.setState({
      list: [
        { id: 'ema', kind: 'ema', params: [21], color: '#f59e0b', visible: true },
        { id: 'bb', kind: 'bb', params: [20, 2], color: '#3b82f6', visible: true },
        { id: 'vwap', kind: 'vwap', params: [], color: '#a855f7', visible: true },
        { id: 'rsi', kind: 'rsi', params: [14], color: '#ec4899', visible: true },
        { id: 'macd', kind: 'macd', params: [12, 26, 9], color: '#14b8a6', visible: true },
      ],
    });
  }
  bench.mounted = performance.now();
  createRoot(document.getElementById('root')!).render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ApiProvider client={api} config={config}>
          <div style={{ width: 1100, height: 560 }} className="flex flex-col bg-panel">
            <PriceChart symbol={SYMBOL} info={info} marketStream={market} />
          </div>
        </ApiProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

// ---- the peer: lightweight-charts alone, same options as price-chart.tsx
let bare: { candles: ISeriesApi<'Candlestick'>; volume: ISeriesApi<'Histogram'>; last: Bar } | null = null;
const tagged = <T,>(tag: string, fn: () => T): T => {
  const b = (window as unknown as { __bench?: { tagged?: (t: string, f: () => T) => T } }).__bench;
  return b?.tagged ? b.tagged(tag, fn) : fn();
};

function mountBare() {
  bench.mounted = performance.now();
  const box = document.createElement('div');
  box.style.cssText = 'position:relative;width:1100px;height:532px;margin-top:28px';
  document.getElementById('root')!.appendChild(box);
  const chart = createChart(box, chartOptions());
  const candles = chart.addSeries(CandlestickSeries, { upColor: palette.up, downColor: palette.down, wickUpColor: palette.up, wickDownColor: palette.down, borderVisible: false });
  candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.22 } });
  const volume = chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceScaleId: 'volume', lastValueVisible: false, priceLineVisible: false });
  chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
  setTimeout(() => {
    bench.klineRequestedAt = performance.now();
    const bars = historyToBars(JSON.parse(klineText) as Parameters<typeof historyToBars>[0]);
    candles.setData(bars.map((b) => ({ time: b.time as UTCTimestamp, open: b.open, high: b.high, low: b.low, close: b.close })));
    volume.setData(bars.map((b) => ({ time: b.time as UTCTimestamp, value: b.volume, color: b.close >= b.open ? palette.upFaded : palette.downFaded })));
    chart.timeScale().resetTimeScale();
    bare = { candles, volume, last: bars.at(-1)! };
  }, 30);
}

/** The same trade as `tick()`, applied straight to the series; returns its synchronous time (ms). */
function tickBare(): number {
  seq++;
  tickPrice += (seq % 2 === 0 ? 1 : -1) * 0.7 * (seq % 5);
  const b = bare!;
  const t0 = performance.now();
  // The chart's redraw is registered here: tag it as the redraw ('tick>'), like the app path's.
  tagged('tick>', () => {
    const last = b.last;
    const bar = { ...last, high: Math.max(last.high, tickPrice), low: Math.min(last.low, tickPrice), close: tickPrice, volume: last.volume + 0.01 };
    b.last = bar;
    b.candles.update({ time: bar.time as UTCTimestamp, open: bar.open, high: bar.high, low: bar.low, close: bar.close });
    b.volume.update({ time: bar.time as UTCTimestamp, value: bar.volume, color: bar.close >= bar.open ? palette.upFaded : palette.downFaded });
  });
  return performance.now() - t0;
}

// ---- paged mode: every series' setData timed (on the shared prototype: the app's series included)
if (PAGED) {
  const probeBox = document.createElement('div');
  probeBox.style.cssText = 'position:absolute;width:10px;height:10px;left:-100px';
  document.body.appendChild(probeBox);
  const probeChart = createChart(probeBox, {});
  const proto = Object.getPrototypeOf(probeChart.addSeries(CandlestickSeries)) as { setData: (data: { time: number }[]) => void };
  probeChart.remove();
  probeBox.remove();
  const nativeSetData = proto.setData;
  proto.setData = function setData(this: unknown, data: { time: number }[]) {
    const t0 = performance.now();
    try {
      nativeSetData.call(this, data);
    } finally {
      bench.setData.push(t0, performance.now() - t0, data.length, data[0]?.time ?? 0);
    }
  };
}

const frame = () => new Promise<number>((r) => requestAnimationFrame(r));

/**
 * The trader scrolling back: wheels the chart left (a horizontal wheel, as a trackpad sends) one
 * step at a time; when a step asks for an older page, waits for that page to arrive and be drawn
 * before the next step. Stops when the whole history is loaded or after `maxWheels` steps.
 */
async function scrollBack(wheelDeltaX: number, maxWheels: number) {
  const pane = document.querySelector('[data-testid="chart-canvas"] canvas');
  if (!pane) throw new Error('no chart canvas');
  const box = pane.getBoundingClientRect();
  const loaded = () => bench.pages.reduce((n, p) => n + p.bars, 0);
  let wheels = 0;
  while (wheels < maxWheels && loaded() < N && bench.pages.at(-1)?.bars !== 0) {
    const asked = bench.pages.length;
    pane.dispatchEvent(
      new WheelEvent('wheel', { deltaX: wheelDeltaX, deltaMode: 0, bubbles: true, cancelable: true, clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 }),
    );
    wheels++;
    await frame();
    await frame();
    if (bench.pages.length === asked) continue;
    // A page was asked for: wait for its bars to reach a series (or 30 frames: nothing to draw),
    // then two frames so the one that draws them is recorded.
    const answered = bench.pages.at(-1)!.respondedAt;
    for (let i = 0; i < 30; i++) {
      let set = false;
      for (let j = 0; j < bench.setData.length; j += 4) if (bench.setData[j]! > answered) set = true;
      if (set) break;
      await frame();
    }
    await frame();
    await frame();
  }
  return { wheels, loaded: loaded() };
}
