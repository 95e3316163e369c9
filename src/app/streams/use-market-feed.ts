import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DepthBook, PriceTick, PublicTrade } from '../../api/schemas';
import type { MarketStream } from '../../api/stream/market-stream';
import { createFrameBatcher, endOfTask } from '../../lib/frame-batcher';
import { marketFrame } from '../../lib/frame-clock';
import { writeDepth, writePrice, writePublicTrades } from './cache-writers';

/**
 * Public channels of the symbol on screen into the cache. A depth snapshot at most once per animation
 * frame, the latest winning: the frame is the market frame clock's (lib/frame-clock.ts), the one the
 * page's decoding hands the newest snapshot over in, so it is written in the frame it was decoded in.
 * Trades as they arrive, those of one task in one write: each is drawn, so writing it at once costs
 * no more than at the frame, and keeps that work out of the frame, which then paints sooner.
 * `priceSymbols` adds `price` for other symbols (those with an open position, so their PnL moves too).
 */
export function useMarketFeed(market: MarketStream, symbol: string, priceSymbols: readonly string[] = []) {
  const qc = useQueryClient();
  useEffect(() => {
    const depth = createFrameBatcher<DepthBook>((books) => writeDepth(qc, books[books.length - 1]!), marketFrame);
    const trades = createFrameBatcher<PublicTrade>((list) => writePublicTrades(qc, symbol, list), endOfTask);
    const offs = [
      market.subscribe('depth_book', symbol, (book) => depth.push(book)),
      market.subscribe('public_trade', symbol, (t) => trades.push(t)),
    ];
    return () => {
      for (const off of offs) off();
      depth.stop();
      trades.stop();
    };
  }, [market, symbol, qc]);

  const priceKey = [...new Set([symbol, ...priceSymbols])].sort().join(',');
  useEffect(() => {
    const prices = createFrameBatcher<PriceTick>((ticks) => {
      const latest = new Map<string, PriceTick>();
      for (const t of ticks) latest.set(t.symbol, t);
      for (const t of latest.values()) writePrice(qc, t);
    }, marketFrame);
    const offs = priceKey.split(',').map((s) => market.subscribe('price', s, (t) => prices.push(t)));
    return () => {
      for (const off of offs) off();
      prices.stop();
    };
  }, [market, priceKey, qc]);
}
