import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CandlestickSeries, createChart, HistogramSeries, type MouseEventParams } from 'lightweight-charts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { marketQueries, userQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import type { KlineResolution, SymbolInfo } from '../../api/schemas';
import type { MarketStream } from '../../api/stream/market-stream';
import { actingAccount, useSessionStore } from '../../wallet/session-store';
import { useOrderModifies } from '../../trading/use-modify-order';
import { chartLineSet } from './chart-lines';
import type { ChartParts } from './chart-parts';
import { candleColours, chartColours, chartOptions, palette } from './chart-theme';
import { LineDropConfirm } from './line-drop-confirm';
import { VOLUME_SCALE_TOP } from './live-bar-change';
import { createPriceLineSet, type PriceLineSet } from './price-line-set';
import { ResolutionBar } from './resolution-bar';
import { useCandles } from './use-candles';
import { useChartPalette } from './use-chart-palette';
import { useOrderLineDrag, type LineDrop } from './use-order-line-drag';
import { useMarketAsOf } from '../../api/use-market-as-of';
import { showSigned } from '../../lib/display';
import { HEALTH_WORDS } from '../../ui/stream-health-words';
import { useChartIndicators } from '../../stores/chart-indicators';
import { useOrderTicket } from '../../stores/order-ticket';
import { usePriceAlerts } from '../../stores/price-alerts';
import { IndicatorLayer } from './indicators/indicator-layer';
import { IndicatorLegend } from './indicators/indicator-legend';
import { IndicatorsDialog } from './indicators/indicators-dialog';
import { resolutionSeconds } from './kline-buckets';
import { DrawingOverlay } from './drawings/drawing-overlay';
import { DrawingTools } from './drawings/drawing-tools';
import { useDrawingLayer } from './drawings/use-drawing-layer';

interface Legend {
  open: number;
  high: number;
  low: number;
  close: number;
}

/** Candles with volume, live from the trade stream, with mark/order/position lines. */
export function PriceChart({ symbol, info, marketStream }: { symbol: string; info: SymbolInfo | undefined; marketStream: MarketStream | null }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const container = useRef<HTMLDivElement>(null);
  const parts = useRef<ChartParts | null>(null);
  const [resolution, setResolution] = useState<KlineResolution>('15');
  const [loaded, setLoaded] = useState<{ key: string; count: number } | null>(null);
  const [failed, setFailed] = useState<{ key: string; message: string } | null>(null);
  const [legend, setLegend] = useState<Legend | null>(null);
  /** The bar under the crosshair, as a history index (the indicators' legend); null: none. */
  const [crosshairAt, setCrosshairAt] = useState<number | null>(null);
  const [layer, setLayer] = useState<IndicatorLayer | null>(null);
  const [indicatorsOpen, setIndicatorsOpen] = useState(false);
  const indicatorsButton = useRef<HTMLButtonElement>(null);
  const decimals = info?.price_tick_decimals ?? 2;
  const qtyDecimals = info?.qty_tick_decimals ?? 4;

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const chart = createChart(el, chartOptions());
    const candles = chart.addSeries(CandlestickSeries, candleColours());
    candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.22 } });
    const volume = chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceScaleId: 'volume', lastValueVisible: false, priceLineVisible: false });
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: VOLUME_SCALE_TOP, bottom: 0 } });
    const indicators = new IndicatorLayer(chart, () => ({ up: palette.upFaded, down: palette.downFaded }));
    const onMove = (param: MouseEventParams) => {
      const bar = param.seriesData.get(candles) as Legend | undefined;
      const shown = bar && 'open' in bar;
      setLegend(shown ? { open: bar.open, high: bar.high, low: bar.low, close: bar.close } : null);
      setCrosshairAt(shown && param.logical !== undefined ? Math.round(param.logical) + indicators.windowStart : null);
    };
    chart.subscribeCrosshairMove(onMove);
    const made: ChartParts = { chart, candles, volume, indicators, removed: false };
    setLayer(indicators);
    parts.current = made;
    return () => {
      chart.unsubscribeCrosshairMove(onMove);
      parts.current = null;
      made.removed = true;
      chart.remove();
    };
  }, []);

  // Alt+click (Option+click): the price under the pointer, on the tick, into the order form's limit price.
  useEffect(() => {
    const p = parts.current;
    if (!p || p.removed) return;
    const onClick = (param: MouseEventParams) => {
      if (!param.sourceEvent?.altKey || !param.point) return;
      const price = p.candles.coordinateToPrice(param.point.y);
      if (price === null || !(price > 0)) return;
      useOrderTicket.getState().request({ symbol, price: price.toFixed(decimals) });
    };
    p.chart.subscribeClick(onClick);
    return () => {
      if (!p.removed) p.chart.unsubscribeClick(onClick);
    };
  }, [symbol, decimals]);

  // The theme or the colour convention changed: the chart, candles and volume bars take the new colours.
  const colours = useChartPalette();
  useEffect(() => {
    const p = parts.current;
    if (!p || p.removed) return;
    p.chart.applyOptions(chartColours());
    p.candles.applyOptions(candleColours());
    const up = new Map(p.candles.data().map((c) => [c.time, 'close' in c && c.close >= c.open]));
    p.volume.setData(p.volume.data().map((v) => ({ ...v, color: up.get(v.time) === false ? palette.downFaded : palette.upFaded })));
    p.indicators.restyle();
  }, [colours]);

  // The trader's indicators (kept in this browser): series made to match; the volume pane, when on,
  // takes the place of the volume under the candles.
  const indicatorList = useChartIndicators((s) => s.list);
  useEffect(() => {
    const p = parts.current;
    if (!p || p.removed) return;
    p.indicators.sync(indicatorList);
    p.volume.applyOptions({ visible: !indicatorList.some((i) => i.kind === 'volume' && i.visible) });
  }, [indicatorList]);

  useEffect(() => {
    parts.current?.candles.applyOptions({ priceFormat: { type: 'price', precision: decimals, minMove: 1 / 10 ** decimals } });
  }, [decimals]);

  const onLoaded = useCallback((key: string, count: number) => setLoaded({ key, count }), []);
  const onError = useCallback((key: string, message: string) => setFailed({ key, message }), []);
  useCandles(parts, symbol, resolution, marketStream, { onLoaded, onError });

  // Mark price, open orders, the position and its TP/SL of this symbol as price lines.
  const account = useSessionStore(actingAccount);
  const mark = useQuery(marketQueries.markPrice(api, symbol)).data ?? null;
  const orders = useQuery(userQueries.openOrders(api, account));
  const positions = useQuery(userQueries.positions(api, account));
  const symbolOrders = useMemo(() => (account ? (orders.data?.result ?? []).filter((o) => o.symbol === symbol) : []), [account, orders.data, symbol]);
  const { lines, texts: lineTexts } = useMemo(
    () =>
      chartLineSet({
        mark,
        orders: symbolOrders,
        position: account ? positions.data?.find((p) => p.symbol === symbol) : undefined,
        priceDecimals: decimals,
        qtyDecimals,
        symbol,
        i18n,
      }),
    // `colours`: the lines take the palette's colours when drawn. `t` changes with the language (`i18n`
    // stays the same object): the lines' titles are written anew.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [mark, symbolOrders, positions.data, symbol, account, decimals, qtyDecimals, colours, i18n, t],
  );

  // An order's line drags to a new price: resting limit orders with no modify under way.
  const modifies = useOrderModifies();
  const draggable = useMemo(
    () => symbolOrders.filter((o) => o.order_type === 'limit' && (o.status === 'new' || o.status === 'open') && !(modifies[o.id] && modifies[o.id]!.phase !== 'over')),
    [symbolOrders, modifies],
  );
  const [drop, setDrop] = useState<LineDrop | null>(null);
  const drag = useOrderLineDrag({ container, parts, orders: draggable, priceDecimals: decimals, onDrop: setDrop, i18n });
  const closeDrop = useCallback(() => setDrop(null), []);
  // The trader's drawings (after the order lines' drag: a press on an order's line is the order's).
  const drawingsButton = useRef<HTMLButtonElement>(null);
  const drawings = useDrawingLayer({ container, parts, symbol, decimals, interval: resolutionSeconds(resolution) });
  // The lines change in place (price-line-set.ts): a mark tick re-prices the mark's line only. Leaving
  // the page removes the chart and its lines with it; nothing here may touch a removed chart
  // (a removal would schedule a repaint of a disposed chart, "Object is disposed").
  const lineSet = useRef<PriceLineSet | null>(null);
  useEffect(() => {
    const p = parts.current;
    if (!p || p.removed) return;
    if (lineSet.current?.series !== p.candles) lineSet.current = createPriceLineSet(p.candles);
    lineSet.current.sync(lines);
  }, [lines]);

  const key = `${symbol}|${resolution}`;
  const loading = loaded?.key !== key && failed?.key !== key;
  const fmt = (n: number) => n.toFixed(decimals);
  const { asOf, health } = useMarketAsOf();
  const state = i18n._(HEALTH_WORDS[health]);
  const failure = failed?.message ?? '';
  const dragTo = drag.dragging?.price.toFixed(decimals) ?? '';

  return (
    <section aria-label={t`Price chart`} className="flex h-full min-h-0 flex-col" data-testid="price-chart">
      <div className="flex h-7 shrink-0 items-center gap-3 overflow-x-auto border-b border-line px-2 [scrollbar-width:none]">
        <ResolutionBar value={resolution} onChange={setResolution} />
        <button
          ref={indicatorsButton}
          type="button"
          className="shrink-0 rounded px-1.5 py-0.5 text-muted hover:text-text"
          onClick={() => setIndicatorsOpen(true)}
          data-testid="indicators-button"
          aria-haspopup="dialog"
        >
          <Trans>Indicators</Trans>
          {indicatorList.length > 0 && <span className="num ml-1 text-accent">{indicatorList.length}</span>}
        </button>
        <button
          type="button"
          className="shrink-0 rounded px-1.5 py-0.5 text-muted hover:text-text"
          onClick={() => usePriceAlerts.getState().open(symbol, legend ? legend.close.toFixed(decimals) : undefined)}
          title={t`Set a price alert on ${symbol} (at the candle under the crosshair, if any)`}
          aria-haspopup="dialog"
          data-testid="chart-alert-button"
        >
          <Trans>Alert</Trans>
        </button>
        <DrawingTools layer={drawings} listButton={drawingsButton} />
        {asOf && (
          <span className="num ml-auto shrink-0 text-warn" data-testid="chart-as-of" title={t`Market data ${state}: the candles are not updating`}>
            <Trans>as of {asOf}</Trans>
          </span>
        )}
      </div>
      <div className={`relative min-h-0 flex-1 ${asOf ? 'opacity-50' : ''}`} data-stale={asOf ? 'true' : undefined}>
        <div
          ref={container}
          className={`absolute inset-0 ${drag.hover !== null || drag.dragging ? '[&_*]:cursor-ns-resize!' : ''}`}
          data-testid="chart-canvas"
          title={t`Alt+click (Option+click): use that price in the order form`}
          // Focused by a drawing tool or a drawing's Select, for drawing by keyboard (drawings/use-drawing-layer.ts):
          // arrows, Enter, Tab, Delete, Esc. Not a Tab stop of its own: the tools are the way in.
          tabIndex={-1}
          role="application"
          aria-label={t`Chart: with a drawing tool, arrow keys move the cursor and Enter places a point; Tab selects a drawing, arrows move it, Delete removes it`}
          data-hover-order={drag.hover ?? undefined}
        />
        {drag.dragging && (
          <p className="num pointer-events-none absolute right-20 top-2 z-10 rounded bg-panel-2/90 px-2 py-0.5 text-accent" data-testid="chart-drag-price">
            {drag.dragging.order.side === 'buy' ? <Trans>Move buy to {dragTo} · Esc cancels</Trans> : <Trans>Move sell to {dragTo} · Esc cancels</Trans>}
          </p>
        )}
        {/* Over the candles, top left: the bar under the crosshair, then each indicator's values there. */}
        <div className="pointer-events-none absolute left-2 top-1 z-10 max-w-[calc(100%-5rem)] space-y-0.5 text-[11px]">
          {legend && (
            <p className="num w-fit max-w-full truncate rounded bg-panel/80 px-1 text-muted" data-testid="candle-legend">
              {t({ message: 'O', context: 'candle legend: open' })} <span className="text-text">{fmt(legend.open)}</span>{' '}
              {t({ message: 'H', context: 'candle legend: high' })} <span className="text-text">{fmt(legend.high)}</span>{' '}
              {t({ message: 'L', context: 'candle legend: low' })} <span className="text-text">{fmt(legend.low)}</span>{' '}
              {t({ message: 'C', context: 'candle legend: close' })}{' '}
              <span className={legend.close >= legend.open ? 'text-up' : 'text-down'}>{fmt(legend.close)}</span>{' '}
              <span className={legend.close >= legend.open ? 'text-up' : 'text-down'} data-testid="candle-change">
                {showSigned(((legend.close - legend.open) / legend.open * 100).toFixed(2), 2)}%
              </span>
            </p>
          )}
          <IndicatorLegend layer={layer} at={crosshairAt} decimals={{ price: decimals, qty: qtyDecimals }} onRemoved={() => indicatorsButton.current?.focus()} />
        </div>
        <DrawingOverlay layer={drawings} symbol={symbol} decimals={decimals} chart={container} listButton={drawingsButton} />
        {drop && <LineDropConfirm drop={drop} decimals={{ price: decimals, qty: qtyDecimals }} onClose={closeDrop} />}
        {/* The canvas cannot be read by a screen reader: the same lines as text. */}
        <ul className="sr-only" aria-label={t`Price lines`} data-testid="chart-lines">
          {lineTexts.map((text, i) => (
            <li key={i}>{text}</li>
          ))}
        </ul>
        {loading && <p className="absolute left-2 top-2 text-muted">{t`Loading candles…`}</p>}
        {failed?.key === key && <p className="absolute left-2 top-2 text-error">{t`Candles unavailable: ${failure}`}</p>}
        {loaded?.key === key && loaded.count === 0 && <p className="absolute left-2 top-2 text-muted">{t`No trades in this range yet`}</p>}
      </div>
      {indicatorsOpen && <IndicatorsDialog onClose={() => setIndicatorsOpen(false)} />}
    </section>
  );
}
