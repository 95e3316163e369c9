import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { Providers } from './providers';
import { lastSymbol } from './symbols';
import { TradePage } from './trade-page';

// Wallet SDKs (wagmi, viem, the Solana adapters) load with this page or the sign-in dialog only.
const WalletsPage = lazy(() => import('./wallets-page'));

function ReturnToMarket() {
  return <Navigate to={`/trade/${lastSymbol()}`} replace />;
}

const router = createBrowserRouter([
  { path: '/', element: <ReturnToMarket /> },
  { path: '/trade/:symbol', element: <TradePage /> },
  {
    path: '/wallets',
    element: (
      <Suspense fallback={<div className="p-6 text-muted">Loading wallets…</div>}>
        <WalletsPage />
      </Suspense>
    ),
  },
  { path: '*', element: <ReturnToMarket /> },
]);

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
