import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';

/** Price and size places of any symbol (from query_symbol_info), with safe fallbacks. */
export function useSymbolDecimals() {
  const api = useApi();
  const info = useQuery(marketQueries.symbolInfo(api));
  return useCallback(
    (symbol: string) => {
      const s = info.data?.find((i) => i.symbol === symbol);
      return { price: s?.price_tick_decimals ?? 2, qty: s?.qty_tick_decimals ?? 4, base: s?.base_asset ?? symbol.split('-')[0] ?? '' };
    },
    [info.data],
  );
}
