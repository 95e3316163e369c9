// A market order's price limit at the moment it is sent: the trader's slippage cap from the mark the
// price cache holds (the stream keeps it fresh), within the exchange's band — as the order form and
// the reverse send it (lib/reverse-plan.ts marketOrderLimit).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../api/query-keys';
import type { Side, SymbolInfo } from '../api/schemas';
import { dec, type Dec } from '../lib/decimal';
import { marketOrderLimit } from '../lib/reverse-plan';
import { useTradeSettings } from '../stores/trade-settings';

/**
 * `limitFor(symbol, fallbackMark)(side)`: the limit for a market order on that side, read when called;
 * undefined when the symbol's rules are not known or the cap does not read as a number.
 */
export function useMarketLimitFor(): (symbol: string, fallbackMark: string) => (side: Side) => Dec | undefined {
  const qc = useQueryClient();
  return useCallback(
    (symbol: string, fallbackMark: string) => (side: Side) => {
      const info = qc.getQueryData<SymbolInfo[]>(queryKeys.market.symbolInfo())?.find((s) => s.symbol === symbol);
      if (!info) return undefined;
      const mark = qc.getQueryData<{ mark_price: string }>(queryKeys.market.symbolPrice(symbol))?.mark_price ?? fallbackMark;
      const { slippagePct } = useTradeSettings.getState();
      return (
        marketOrderLimit({ side, mark: dec(mark), slippagePct, priceDecimals: info.price_tick_decimals, priceCapRatio: info.price_cap_ratio, priceFloorRatio: info.price_floor_ratio }) ??
        undefined
      );
    },
    [qc],
  );
}
