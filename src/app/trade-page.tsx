import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { marketQueries, userQueries } from '../api/queries';
import { useApi } from '../api/react';
import { AccountHealthStrip } from '../features/account-health/account-health-strip';
import { MarketHeader } from '../features/market-header/market-header';
import { MarketsStrip } from '../features/market-header/markets-strip';
import { OrderBook } from '../features/order-book/order-book';
import { RecentTrades } from '../features/recent-trades/recent-trades';
import { ServiceStatus } from '../features/service-status/service-status';
import { ToastViewport } from '../features/toasts/toast-viewport';
import { tellPriceAlert } from './streams/notifier';
import { useOrderTicket } from '../stores/order-ticket';
import { Button } from '../ui/button';
import { useDialogFocus } from '../ui/use-dialog-focus';
import { useShortcutKey } from '../ui/use-shortcut-key';
import { useMediaQuery } from '../ui/use-media-query';
import { useTradeSettings } from '../stores/trade-settings';
import { Segmented } from '../ui/segmented';
import { actingAccount, useSessionStore } from '../wallet/session-store';
import { SessionArea } from './session-area';
import { StorageProblemBanner } from './storage-problem-banner';
import { StreamBanner } from './streams/stream-banner';
import { useStreams } from '../api/react';
import { useMarketFeed } from './streams/use-market-feed';
import { useBookPaintedOnce } from './use-book-painted-once';
import { DEFAULT_SYMBOL, rememberSymbol } from './symbols';
import { withPanelWords } from '../i18n/activate';

type PhoneTab = 'chart' | 'book' | 'trades' | 'account';
const PHONE_TABS: { value: PhoneTab; label: MessageDescriptor }[] = [
  { value: 'chart', label: msg`Chart` },
  { value: 'book', label: msg`Book` },
  { value: 'trades', label: msg`Trades` },
  { value: 'account', label: msg`Account` },
];

// The chart library is the biggest part of the page's code: it loads once the book has data, so
// the book, trades and order form paint without waiting for it.
const PriceChart = lazy(() => withPanelWords(import('../features/chart/price-chart')).then((m) => ({ default: m.PriceChart })));
const CHART_PLACEHOLDER = (
  <div className="flex-1 p-3 text-muted">
    <Trans>Loading chart…</Trans>
  </div>
);

// The account tabs (positions, orders, histories, the order detail, the modify editor) and the order
// form with the trade layer behind it load with the chart too, once the book has painted: the code
// before the first book row stays within its budget (bench figure 2), and they follow a frame later.
const AccountTabs = lazy(() => withPanelWords(import('../features/account/account-tabs')).then((m) => ({ default: m.AccountTabs })));
const ACCOUNT_PLACEHOLDER = (
  <div className="flex-1 p-3 text-muted">
    <Trans>Loading account…</Trans>
  </div>
);
const OrderForm = lazy(() => withPanelWords(import('../features/order-form/order-form')).then((m) => ({ default: m.OrderForm })));
const ORDER_FORM_PLACEHOLDER = (
  <div className="p-3 text-muted">
    <Trans>Loading order form…</Trans>
  </div>
);
// Price alerts: the header's button and the watch (with its dialog), after the book has painted.
const AlertsButton = lazy(() => withPanelWords(import('../features/price-alerts/alerts-button')).then((m) => ({ default: m.AlertsButton })));
const PriceAlertWatch = lazy(() => withPanelWords(import('../features/price-alerts/price-alert-watch')).then((m) => ({ default: m.PriceAlertWatch })));
// The TWAP runner and its progress, beside the order form so a tab or market switch never stops it.
const TwapRunner = lazy(() => withPanelWords(import('../features/order-form/twap-panel')).then((m) => ({ default: m.TwapRunner })));
// Shown only when the trader picks it.
const FundingRateChart = lazy(() => withPanelWords(import('../features/funding-rates/funding-rate-chart')).then((m) => ({ default: m.FundingRateChart })));

const DepthChart = lazy(() => withPanelWords(import('../features/depth-chart/depth-chart')).then((m) => ({ default: m.DepthChart })));

type ChartView = 'price' | 'depth' | 'funding';
const CHART_VIEWS: { value: ChartView; label: MessageDescriptor; title?: MessageDescriptor }[] = [
  { value: 'price', label: msg`Price` },
  { value: 'depth', label: msg`Depth`, title: msg`Market depth: cumulative bids and asks around the mid` },
  { value: 'funding', label: msg`Funding rate`, title: msg`Funding rate history (last 7 days)` },
];

/** A lazily loaded panel: its placeholder until `ready` (the book has painted), then while its code loads. */
function LoadedWhen({ ready, fallback, children }: { ready: boolean; fallback: ReactNode; children: ReactNode }) {
  return ready ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}

/** `/trade/:symbol`: header, chart + account, book + trades, order form — tabs on a phone. */
export function TradePage() {
  const symbol = useParams().symbol ?? DEFAULT_SYMBOL;
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const api = useApi();
  const streams = useStreams();
  const [phoneTab, setPhoneTab] = useState<PhoneTab>('chart');
  const [sheetOpen, setSheetOpen] = useState(false);
  const [chartView, setChartView] = useState<ChartView>('price');
  const infoList = useQuery(marketQueries.symbolInfo(api));
  const info = infoList.data?.find((s) => s.symbol === symbol);
  const account = useSessionStore(actingAccount);
  const positions = useQuery(userQueries.positions(api, account));
  const positionSymbols = useMemo(() => (account ? (positions.data ?? []).map((p) => p.symbol) : []), [account, positions.data]);
  useMarketFeed(streams.market, symbol, positionSymbols);
  const select = useCallback((s: string) => navigate(`/trade/${s}`), [navigate]);
  const bookPainted = useBookPaintedOnce(symbol);
  // Toasts sit in the chart's lower-left corner: no button lives there, so they never cover the next click.
  const chartCell = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (info) rememberSymbol(symbol);
  }, [info, symbol]);

  const shown = (tab: PhoneTab) => (phoneTab === tab ? 'flex' : 'hidden');
  const requestTicket = useOrderTicket((s) => s.request);
  // On a phone Buy / Sell open the order form as a sheet over the lower part of the screen, with
  // the book above it: the prices a trader sizes against stay in sight.
  const openSheet = (side: 'buy' | 'sell') => {
    requestTicket({ symbol, side });
    setPhoneTab('book');
    setSheetOpen(true);
    sheetSide.current = side;
  };
  // The sheet is a dialog on a phone: it takes the focus (itself, named "Order form"), keeps it, Esc
  // closes it (Esc in a field clears the form first when shortcuts are on), and the focus goes back
  // to the Buy / Sell button that opened it.
  const sheet = useRef<HTMLDivElement>(null);
  const sheetSide = useRef<'buy' | 'sell'>('buy');
  const phone = useMediaQuery('(width < 48rem)');
  const shortcuts = useTradeSettings((s) => s.shortcuts);
  useDialogFocus(sheet, {
    active: sheetOpen && phone,
    onEscape: (e) => {
      if (shortcuts && e.target instanceof HTMLInputElement) return false;
      setSheetOpen(false);
    },
    fallbackFocus: () => document.querySelector<HTMLElement>(`[data-testid=phone-trade-bar] [data-side=${sheetSide.current}]`),
  });
  const unknown = infoList.isSuccess && !info;
  // "Skip to order form": past the header, markets, chart and book, onto the order form's first
  // choice (its order type; the margin and leverage controls above it are set once, not per order).
  // On a phone the form is a sheet: it opens first, and the focus follows once it is drawn.
  const focusFormPending = useRef(false);
  const focusOrderForm = useCallback(() => {
    const form = sheet.current?.querySelector<HTMLElement>('[data-testid=order-form]');
    const target =
      form?.querySelector<HTMLElement>('[role=tablist] [aria-selected=true]') ??
      form?.querySelector<HTMLElement>('input, select, button:not([disabled]), [tabindex="0"]');
    target?.focus();
    return !!target;
  }, []);
  useEffect(() => {
    if (!focusFormPending.current || !sheetOpen) return;
    focusFormPending.current = false;
    // The form's code may still be loading when the sheet opens: try again until it is drawn.
    let tries = 100;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      if (!focusOrderForm() && --tries > 0) timer = setTimeout(attempt, 100);
    };
    attempt();
    return () => clearTimeout(timer);
  }, [sheetOpen, focusOrderForm]);
  const goToOrderForm = () => {
    if (sheet.current && sheet.current.getClientRects().length === 0) {
      setPhoneTab('book');
      focusFormPending.current = true;
      setSheetOpen(true);
    } else focusOrderForm();
  };
  const skipToOrderForm = (e: MouseEvent) => {
    e.preventDefault();
    goToOrderForm();
  };
  // F (shortcuts on, not while typing): the same, from anywhere on the page.
  useShortcutKey('f', goToOrderForm, !unknown);

  return (
    <div className="flex h-full flex-col">
      {!unknown && (
        <a
          href="#order-form"
          onClick={skipToOrderForm}
          className="sr-only rounded bg-accent px-3 py-1.5 font-medium text-bg focus:not-sr-only focus:fixed focus:left-2 focus:top-1 focus:z-50"
          data-testid="skip-to-order-form"
        >
          <Trans>Skip to order form</Trans>
        </a>
      )}
      <header className="flex h-9 shrink-0 items-center gap-3 border-b border-line bg-panel px-3">
        <Link to="/" className="font-semibold tracking-wide text-accent">
          PERPS
        </Link>
        <h1 className="sr-only">
          <Trans>{symbol} perpetual</Trans>
        </h1>
        <div className="hidden min-w-0 flex-1 md:block">
          <MarketsStrip symbol={symbol} onSelect={select} />
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-3">
          <ServiceStatus />
          <SessionArea />
        </div>
      </header>
      <StorageProblemBanner />
      <StreamBanner />
      <MarketHeader symbol={symbol} priceDecimals={info?.price_tick_decimals ?? 2} onSelect={select}>
        <LoadedWhen ready={bookPainted} fallback={null}>
          <AlertsButton symbol={symbol} />
        </LoadedWhen>
      </MarketHeader>
      <LoadedWhen ready={bookPainted} fallback={null}>
        <PriceAlertWatch market={streams.market} onFired={tellPriceAlert} />
      </LoadedWhen>
      {unknown ? (
        <main className="flex flex-1 flex-col items-center justify-center gap-2 text-muted">
          <p>
            <Trans>There is no market called {symbol}.</Trans>
          </p>
          <Link to={`/trade/${DEFAULT_SYMBOL}`} className="text-accent hover:underline">
            <Trans>Go to {DEFAULT_SYMBOL}</Trans>
          </Link>
        </main>
      ) : (
        <>
          <Segmented
            kind="tabs"
            label={t`Panels`}
            look="underline"
            choices={PHONE_TABS.map((c) => ({ value: c.value, label: i18n._(c.label) }))}
            value={phoneTab}
            onChange={setPhoneTab}
            className="flex shrink-0 border-b border-line bg-panel md:hidden"
            itemClassName="flex-1 py-2"
          />
          <main className={`${sheetOpen ? 'pb-[58dvh] [@media(max-height:30rem)]:pb-[45dvh]' : ''} flex min-h-0 flex-1 flex-col gap-px bg-line md:grid md:pb-0`} data-trade-grid>
            <div ref={chartCell} data-area="chart" className={`${shown('chart')} min-h-0 flex-1 flex-col bg-panel md:flex`}>
              <Segmented
                kind="tabs"
                label={t`Chart view`}
                look="pill"
                choices={CHART_VIEWS.map((c) => ({ value: c.value, label: i18n._(c.label), title: c.title && i18n._(c.title) }))}
                value={chartView}
                onChange={setChartView}
                className="flex shrink-0 items-center gap-1 border-b border-line px-2 py-0.5"
                itemClassName="px-2 py-0.5"
              />
              {chartView === 'funding' ? (
                <LoadedWhen ready fallback={CHART_PLACEHOLDER}>
                  <FundingRateChart symbol={symbol} />
                </LoadedWhen>
              ) : chartView === 'depth' ? (
                <LoadedWhen ready fallback={CHART_PLACEHOLDER}>
                  <DepthChart symbol={symbol} info={info} />
                </LoadedWhen>
              ) : (
                <LoadedWhen ready={bookPainted} fallback={CHART_PLACEHOLDER}>
                  <PriceChart symbol={symbol} info={info} marketStream={streams.market} />
                </LoadedWhen>
              )}
            </div>
            <div
              data-area="book"
              className={`${phoneTab === 'book' || phoneTab === 'trades' ? 'flex' : 'hidden'} min-h-0 flex-1 flex-col gap-px bg-line md:flex`}
            >
              <div className={`${shown('book')} min-h-0 flex-1 flex-col bg-panel md:flex md:flex-[3]`}>
                <OrderBook symbol={symbol} info={info} />
              </div>
              <div className={`${shown('trades')} min-h-0 flex-1 flex-col bg-panel md:flex md:flex-[2]`}>
                <RecentTrades symbol={symbol} info={info} />
              </div>
            </div>
            <div data-area="account" className={`${shown('account')} min-h-0 flex-1 flex-col bg-panel md:flex`}>
              <AccountHealthStrip />
              <LoadedWhen ready={bookPainted} fallback={ACCOUNT_PLACEHOLDER}>
                <AccountTabs symbol={symbol} onSelectSymbol={select} />
              </LoadedWhen>
            </div>
            <div
              ref={sheet}
              id="order-form"
              role={sheetOpen ? 'dialog' : undefined}
              aria-modal={sheetOpen && phone ? true : undefined}
              aria-label={t`Order form`}
              data-testid="order-sheet"
              data-area="form"
              className={`${sheetOpen ? 'fixed inset-x-0 bottom-0 z-40 flex max-h-[58dvh] rounded-t-lg outline-none [@media(max-height:30rem)]:max-h-[45dvh] border-t border-line shadow-[0_-8px_24px_rgba(0,0,0,0.5)]' : 'hidden'} min-h-0 flex-col overflow-y-auto bg-panel md:static md:z-auto md:block md:max-h-none md:rounded-none md:border-0 md:shadow-none`}
            >
              <div className="sticky top-0 z-10 flex items-center justify-between border-b border-line bg-panel px-3 py-1 md:hidden">
                <span className="text-muted">
                  <Trans>Order · {symbol}</Trans>
                </span>
                <button type="button" onClick={() => setSheetOpen(false)} className="px-2 py-1 text-muted hover:text-text" aria-label={t`Close the order form`}>
                  ✕
                </button>
              </div>
              <LoadedWhen ready={bookPainted} fallback={ORDER_FORM_PLACEHOLDER}>
                <OrderForm key={symbol} symbol={symbol} info={info} />
              </LoadedWhen>
              <LoadedWhen ready={bookPainted} fallback={null}><TwapRunner /></LoadedWhen>
            </div>
          </main>
          {!sheetOpen && (
            <div className="grid shrink-0 grid-cols-2 gap-2 border-t border-line bg-panel p-2 md:hidden" data-testid="phone-trade-bar">
              <Button variant="buy" size="lg" data-side="buy" onClick={() => openSheet('buy')}>
                <Trans>Buy / Long</Trans>
              </Button>
              <Button variant="sell" size="lg" data-side="sell" onClick={() => openSheet('sell')}>
                <Trans>Sell / Short</Trans>
              </Button>
            </div>
          )}
        </>
      )}
      <ToastViewport dock={chartCell} />
    </div>
  );
}
