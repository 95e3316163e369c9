import type { ReactNode } from 'react';
import { MarketStats } from './market-stats';
import { SymbolSelector } from './symbol-selector';
import { usePriceTitle } from './use-price-title';

/** The bar above the chart: which market, and how it trades right now. */
export function MarketHeader({ symbol, priceDecimals, onSelect, children }: { symbol: string; priceDecimals: number; onSelect: (symbol: string) => void; children?: ReactNode }) {
  usePriceTitle(symbol, priceDecimals);
  return (
    <div className="flex h-12 items-center gap-3 border-b border-line bg-panel px-2">
      <SymbolSelector symbol={symbol} onSelect={onSelect} />
      <MarketStats symbol={symbol} priceDecimals={priceDecimals} />
      {children && <div className="ml-auto flex shrink-0 items-center gap-2">{children}</div>}
    </div>
  );
}
