// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client';
import { ApiProvider } from '../../api/react';
import type { ServiceConfig } from '../../api/service-config';
import { MarketStream } from '../../api/stream/market-stream';
import { decodingInFrames } from '../../api/stream/frame-decoding';
import { FakeSocket } from '../../testing/fake-socket';
import type { ChartParts } from './chart-parts';
import { IndicatorLayer } from './indicators/indicator-layer';
import { useCandles } from './use-candles';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The chart's series as a recorder: what it was last given is what the trader sees.
function recordingChart() {
  const shown = { candles: [] as { time: number; close: number }[] };
  const timeScale = {
    subscribeVisibleLogicalRangeChange: () => undefined,
    unsubscribeVisibleLogicalRangeChange: () => undefined,
    getVisibleLogicalRange: () => null,
    setVisibleLogicalRange: () => undefined,
    resetTimeScale: () => undefined,
    height: () => 20,
  };
  const series = (onSet: (bars: { time: number; close: number }[]) => void, onUpdate: (bar: { time: number; close: number }) => void) => ({
    setData: onSet,
    update: onUpdate,
  });
  const chart = { applyOptions: () => undefined, timeScale: () => timeScale, paneSize: () => ({ width: 800, height: 300 }), chartElement: () => document.createElement('div') };
  const parts = {
    chart,
    // No indicator on: the layer draws nothing, but follows the history as the chart does.
    indicators: new IndicatorLayer(chart as never, () => ({ up: 'green', down: 'red' })),
    candles: series(
      (bars) => (shown.candles = [...bars]),
      (bar) => {
        if (shown.candles.at(-1)?.time === bar.time) shown.candles[shown.candles.length - 1] = bar;
        else shown.candles.push(bar);
      },
    ),
    volume: series(
      () => undefined,
      () => undefined,
    ),
    removed: false,
  } as unknown as ChartParts;
  return { parts, shown };
}

const NOW_S = 1_800_000_000; // a minute boundary
let klineAsks: number;
let sockets: FakeSocket[];
let stream: MarketStream;
let container: HTMLDivElement;
let unmount: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW_S * 1000 + 30_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  klineAsks = 0;
  sockets = [];
  stream = new MarketStream({
    url: 'ws://test.invalid/ws-stream/v1',
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    decoding: decodingInFrames((cb) => setTimeout(cb, 16)),
  });
});

afterEach(() => {
  unmount();
  stream.close();
  vi.useRealTimers();
});

/** The service's kline answer: one bar for the current minute closing at `close`. */
const klines = (close: number) => ({ s: 'ok', t: [NOW_S], o: [100], h: [close], l: [100], c: [close], v: [1] });

function mountChart(answers: number[], firstAnswer: Promise<void> = Promise.resolve()) {
  const api = createApiClient({
    urls: { baseUrl: 'http://x.invalid', authUrl: 'http://x.invalid', bridgeUrl: 'http://x.invalid', geoUrl: 'http://x.invalid' },
    fetch: (input) => {
      if (!String(input).includes('/api/kline/history')) return Promise.reject(new Error('offline'));
      const ask = klineAsks++;
      const close = answers[Math.min(ask, answers.length - 1)]!;
      return (ask === 0 ? firstAnswer : Promise.resolve()).then(() => new Response(JSON.stringify(klines(close)), { headers: { 'content-type': 'application/json' } }));
    },
  });
  const chart = recordingChart();
  const loaded: number[] = [];
  function Chart() {
    const parts = useRef<ChartParts | null>(chart.parts);
    useCandles(parts, 'BTC-USD', '1', stream, { onLoaded: (_k, n) => loaded.push(n), onError: () => undefined });
    return null;
  }
  container = document.createElement('div');
  const root = createRoot(container);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    root.render(
      <QueryClientProvider client={qc}>
        <ApiProvider client={api} config={{} as ServiceConfig}>
          <Chart />
        </ApiProvider>
      </QueryClientProvider>,
    ),
  );
  unmount = () => act(() => root.unmount());
  return { chart, loaded };
}

it('after a reconnect in the same second as the first load, reads the tail from the service again, not from the cache', async () => {
  const { chart, loaded } = mountChart([101, 103, 105]);
  // The first page answered before the stream was subscribed: read again once it is (trades in
  // between were on neither).
  await act(() => vi.advanceTimersByTimeAsync(50));
  expect(loaded).toEqual([1]);
  expect(chart.shown.candles.at(-1)?.close).toBe(101);
  sockets[0]!.open();
  await act(() => vi.advanceTimersByTimeAsync(50));
  expect(klineAsks).toBe(2);
  expect(chart.shown.candles.at(-1)?.close).toBe(103);

  // The stream drops and comes back within the second; the service's bar moved on meanwhile.
  sockets[0]!.close();
  await act(() => vi.advanceTimersByTimeAsync(700)); // the reconnect's backoff
  sockets[1]!.open();
  await act(() => vi.advanceTimersByTimeAsync(50));
  expect(klineAsks).toBe(3);
  expect(chart.shown.candles.at(-1)?.close).toBe(105);
});

it('a reconnect while the first load is on its way reads the tail again after it', async () => {
  let answerFirst = () => undefined as void;
  const { chart, loaded } = mountChart([101, 105], new Promise<void>((r) => (answerFirst = r)));
  sockets[0]!.open();
  sockets[0]!.close();
  await act(() => vi.advanceTimersByTimeAsync(700));
  sockets[1]!.open(); // reconnected before the first page came
  await act(() => vi.advanceTimersByTimeAsync(50));
  expect(klineAsks).toBe(1);
  answerFirst();
  await act(() => vi.advanceTimersByTimeAsync(50));
  expect(loaded).toEqual([1, 1]);
  expect(klineAsks).toBe(2);
  expect(chart.shown.candles.at(-1)?.close).toBe(105);
});
