import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { Providers } from './providers';
import { ScreenBoundary } from './screen-error-boundary';
import { lastSymbol } from './symbols';
import { TradePage } from './trade-page';
import { useArrivalFocus } from './use-arrival-focus';
import { withPanelWords } from '../i18n/activate';

// Wallet SDKs (wagmi, viem, the Solana adapters) load with this page or the sign-in dialog only.
const WalletsPage = lazy(() => withPanelWords(import('./wallets-page')));
// The portfolio's history walk, figures and curves load with their page only.
let portfolioCode: Promise<{ default: ComponentType }> | null = null;
const loadPortfolio = () => (portfolioCode ??= withPanelWords(import('./portfolio-page')));
const PortfolioPage = lazy(loadPortfolio);
/** Set before the first render only (never after: the route's element would change and remount the page). */
let PortfolioLoaded: ComponentType | null = null;

/**
 * Opened at /portfolio, the app waits for that page's code before its first render: a lazy page
 * shows its fallback first, and React holds a shown fallback at least 300 ms (issue 32's budget).
 */
export function beforeFirstRender(): Promise<void> {
  if (window.location.pathname !== '/portfolio') return Promise.resolve();
  return loadPortfolio().then(
    (m) => void (PortfolioLoaded = m.default),
    () => undefined,
  );
}

function ReturnToMarket() {
  return <Navigate to={`/trade/${lastSymbol()}`} replace />;
}

/**
 * The browser tab's title in the trader's language (index.html's says it in English until the app
 * runs), set again on every change of page or language. Rendered before the routes: their effects
 * run after its own, so a page's title (the market's price, use-price-title.ts) wins.
 */
function AppTitle() {
  const { t } = useLingui();
  const path = useLocation().pathname;
  const title = t`Perps — trade perpetual futures`;
  useEffect(() => {
    document.title = title;
  }, [title, path]);
  return null;
}

/**
 * Declarative routes: the app loads no data through the router, and the data router
 * (createBrowserRouter) cost the first load ~20 KB of code it never ran.
 */
function AppRoutes() {
  // Above the routes: a page's own focus (its effects run first) is kept.
  useArrivalFocus();
  return (
    <>
      <AppTitle />
      <Routes>
        <Route path="/" element={<ReturnToMarket />} />
        <Route path="/trade/:symbol" element={<TradePage />} />
        <Route
          path="/wallets"
          element={
            <Suspense
              fallback={
                <div className="p-6 text-muted">
                  <Trans>Loading wallets…</Trans>
                </div>
              }
            >
              <WalletsPage />
            </Suspense>
          }
        />
        <Route
          path="/portfolio"
          element={
            PortfolioLoaded ? (
              <PortfolioLoaded />
            ) : (
              <Suspense
                fallback={
                  <div className="p-6 text-muted">
                    <Trans>Loading portfolio…</Trans>
                  </div>
                }
              >
                <PortfolioPage />
              </Suspense>
            )
          }
        />
        <Route path="*" element={<ReturnToMarket />} />
      </Routes>
    </>
  );
}

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <ScreenBoundary>
          <AppRoutes />
        </ScreenBoundary>
      </BrowserRouter>
    </Providers>
  );
}
