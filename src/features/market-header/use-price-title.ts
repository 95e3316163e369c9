import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { show } from '../../lib/display';

/**
 * The browser tab names the market and its last price ("95,012.50 · BTC-USD · Perps"), as venues do,
 * in the trader's language (the app's name is a word: index.html's title says it before the app runs).
 */
export function usePriceTitle(symbol: string, priceDecimals: number) {
  const { t } = useLingui();
  const api = useApi();
  const last = useQuery({ ...marketQueries.symbolMarket(api, symbol), select: (m) => m.last_price }).data;
  // First, so it keeps the page's own title (effects run in order) and puts it back on leaving.
  useEffect(() => {
    const before = document.title;
    return () => {
      document.title = before;
    };
  }, []);
  const price = last ? show(last, priceDecimals) : null;
  const title = price ? t`${price} · ${symbol} · Perps` : t`${symbol} · Perps`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
