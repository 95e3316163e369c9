import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { show } from '../../lib/display';

const APP_TITLE = 'Perps';

/** The browser tab names the market and its last price ("95,012.50 · BTC-USD · Perps"), as venues do. */
export function usePriceTitle(symbol: string, priceDecimals: number) {
  const api = useApi();
  const last = useQuery({ ...marketQueries.symbolMarket(api, symbol), select: (m) => m.last_price }).data;
  // First, so it keeps the page's own title (effects run in order) and puts it back on leaving.
  useEffect(() => {
    const before = document.title;
    return () => {
      document.title = before;
    };
  }, []);
  useEffect(() => {
    document.title = last ? `${show(last, priceDecimals)} · ${symbol} · ${APP_TITLE}` : `${symbol} · ${APP_TITLE}`;
  }, [last, symbol, priceDecimals]);
}
