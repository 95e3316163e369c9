import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { Providers } from './providers';
import { DEFAULT_SYMBOL } from './symbols';
import { TradePage } from './trade-page';

const router = createBrowserRouter([
  { path: '/', element: <Navigate to={`/trade/${DEFAULT_SYMBOL}`} replace /> },
  { path: '/trade/:symbol', element: <TradePage /> },
  { path: '*', element: <Navigate to={`/trade/${DEFAULT_SYMBOL}`} replace /> },
]);

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
