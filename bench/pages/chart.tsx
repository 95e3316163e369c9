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
 * `window.__chart.mount()` mounts it; `tick()` pushes one trade; `fillRects` counts canvas
 * fillRect calls, which tells the harness which frame drew the candles.
 */
const params = new URLSearchParams(location.search);
const N = Number(params.get('candles') ?? 50_000);
const BARE = params.get('mode') === 'bare';
const RES_SEC = 15 * 60; // PriceChart opens on 15-minute candles
const SYMBOL = 'BTC-USD';

interface ChartBench {
  candles: number;
  klineRequestedAt: number | null;
  klineBytes: number;
  fillRects: number;
  mounted: number | null;
  mount(): void;
  tick(): number;
}

const nativeFillRect = CanvasRenderingContext2D.prototype.fillRect;
const bench: ChartBench = {
  candles: N,
  klineRequestedAt: null,
  klineBytes: 0,
  fillRects: 0,
  mounted: null,
  mount: BARE ? mountBare : mount,
  tick: BARE ? tickBare : tick,
};
CanvasRenderingContext2D.prototype.fillRect = function fillRect(this: CanvasRenderingContext2D, ...args: Parameters<typeof nativeFillRect>) {
  bench.fillRects++;
  return nativeFillRect.apply(this, args);
};
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
    bench.klineRequestedAt ??= performance.now();
    return new Response(klineText, { status: 200, headers: { 'content-type': 'application/json' } });
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
  bench.mounted = performance.now();
  createRoot(document.getElementById('root')!).render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api} config={config}>
        <div style={{ width: 1100, height: 560 }} className="flex flex-col bg-panel">
          <PriceChart symbol={SYMBOL} info={info} marketStream={market} />
        </div>
      </ApiProvider>
    </QueryClientProvider>,
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
