import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { placesOf } from '../../lib/notices';

/** Price and size places of any symbol (from query_symbol_info), with safe fallbacks. */
export function useSymbolDecimals() {
  const api = useApi();
  const info = useQuery(marketQueries.symbolInfo(api));
  return useCallback(
    (symbol: string) => {
      const base = info.data?.find((i) => i.symbol === symbol)?.base_asset ?? symbol.split('-')[0] ?? '';
      return { ...placesOf(info.data, symbol), base };
    },
    [info.data],
  );
}

/** One symbol's places and base asset, as useSymbolDecimals gives them. */
export type SymbolDecimals = ReturnType<ReturnType<typeof useSymbolDecimals>>;
