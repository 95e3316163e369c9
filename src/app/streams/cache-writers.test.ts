import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { sampleOrder, samplePosition, sampleSymbolMarket, sampleTrade } from '../../api/__fixtures__/spec-samples';
import { queryKeys } from '../../api/query-keys';
import type { Order, Position, RecentTrade, SymbolMarket, SymbolPrice, Trade } from '../../api/schemas';
import { RECENT_TRADES_CAP, toRecentTrade, writeDepth, writeOrder, writePosition, writePrice, writePublicTrades, writeTrade } from './cache-writers';

const account = 'bsc_0xabc';
type Page<T> = { page_size: number; result: T[]; total: number };
const page = <T,>(result: T[]): Page<T> => ({ page_size: 100, result, total: result.length });
const order = (o: Partial<Order>): Order => ({ ...(sampleOrder as Order), ...o });

describe('stream → query cache', () => {
  it('a depth snapshot replaces the cached book of its symbol', () => {
    const qc = new QueryClient();
    writeDepth(qc, { symbol: 'BTC-USD', asks: [['2', '1']], bids: [['1', '1']] });
    expect(qc.getQueryData(queryKeys.market.depth('BTC-USD'))).toEqual({ symbol: 'BTC-USD', asks: [['2', '1']], bids: [['1', '1']] });
  });

  it('turns a public trade into the recent-trades shape: buyer-taker flag, quote value, ISO time', () => {
    expect(toRecentTrade({ id: 1, price: '95000.5', qty: '0.002', side: 'sell', symbol: 'BTC-USD', time: 1754881200123 })).toEqual({
      is_buyer_taker: false,
      price: '95000.5',
      qty: '0.002',
      quote_qty: '190.001',
      symbol: 'BTC-USD',
      time: '2025-08-11T03:00:00.123Z',
    });
  });

  it('puts new trades on top (newest first) and keeps at most 100', () => {
    const qc = new QueryClient();
    const key = queryKeys.market.recentTrades('BTC-USD');
    const old: RecentTrade[] = Array.from({ length: 100 }, (_, i) => ({ is_buyer_taker: true, price: String(i), qty: '1', quote_qty: '1', symbol: 'BTC-USD', time: '2025-01-01T00:00:00Z' }));
    qc.setQueryData(key, old);
    writePublicTrades(qc, 'BTC-USD', [
      { id: 1, price: '200', qty: '1', side: 'buy', symbol: 'BTC-USD', time: Date.parse('2025-01-01T00:00:01Z') },
      { id: 2, price: '201', qty: '1', side: 'sell', symbol: 'BTC-USD', time: Date.parse('2025-01-01T00:00:02Z') },
    ]);
    const now = qc.getQueryData<RecentTrade[]>(key)!;
    expect(now).toHaveLength(RECENT_TRADES_CAP);
    expect(now.slice(0, 3).map((t) => t.price)).toEqual(['201', '200', '0']);
  });

  it('leaves recent trades alone until HTTP has loaded them', () => {
    const qc = new QueryClient();
    writePublicTrades(qc, 'BTC-USD', [{ id: 1, price: '1', qty: '1', side: 'buy', symbol: 'BTC-USD', time: 1 }]);
    expect(qc.getQueryData(queryKeys.market.recentTrades('BTC-USD'))).toBeUndefined();
  });

  it('a price tick sets the symbol price and patches the market stats, keeping the last price when null', () => {
    const qc = new QueryClient();
    qc.setQueryData(queryKeys.market.symbolMarket('BTC-USD'), sampleSymbolMarket);
    writePrice(qc, {
      base: 'BTC',
      quote: 'USD',
      symbol: 'BTC-USD',
      index_price: '1',
      last_price: null,
      mark_price: '2',
      mid_price: '3',
      spread: ['2.5', '3.5'],
      time: '2025-08-11T04:00:00Z',
    });
    expect(qc.getQueryData<SymbolPrice>(queryKeys.market.symbolPrice('BTC-USD'))).toMatchObject({ mark_price: '2', spread_bid: '2.5', spread_ask: '3.5', last_price: null });
    const m = qc.getQueryData<SymbolMarket>(queryKeys.market.symbolMarket('BTC-USD'))!;
    expect(m).toMatchObject({ mark_price: '2', index_price: '1', mid_price: '3', last_price: sampleSymbolMarket.last_price, high_price_24h: sampleSymbolMarket.high_price_24h });
  });

  describe('orders', () => {
    it('upserts a pending order into open orders and drops it once filled, canceled or rejected', () => {
      const qc = new QueryClient();
      const key = queryKeys.user.openOrders(account);
      qc.setQueryData(key, page([order({ id: 1, status: 'open' })]));
      writeOrder(qc, account, order({ id: 2, status: 'new' }));
      expect(qc.getQueryData<Page<Order>>(key)!.result.map((o) => o.id)).toEqual([2, 1]);
      writeOrder(qc, account, order({ id: 1, status: 'open', fill_qty: '0.0005' }));
      expect(qc.getQueryData<Page<Order>>(key)!.result.find((o) => o.id === 1)?.fill_qty).toBe('0.0005');
      writeOrder(qc, account, order({ id: 1, status: 'filled' }));
      writeOrder(qc, account, order({ id: 2, status: 'canceled' }));
      expect(qc.getQueryData<Page<Order>>(key)).toMatchObject({ result: [], total: 0 });
    });

    it('keeps an untriggered TP/SL child among the open orders', () => {
      const qc = new QueryClient();
      const key = queryKeys.user.openOrders(account);
      qc.setQueryData(key, page<Order>([]));
      writeOrder(qc, account, order({ id: 9, status: 'untriggered', source: 'tp', reduce_only: true }));
      expect(qc.getQueryData<Page<Order>>(key)!.result).toHaveLength(1);
    });

    it('respects the symbol filter of a cached open-orders list', () => {
      const qc = new QueryClient();
      const eth = queryKeys.user.openOrders(account, { symbol: 'ETH-USD' });
      qc.setQueryData(eth, page<Order>([]));
      writeOrder(qc, account, order({ id: 3, status: 'open', symbol: 'BTC-USD' }));
      expect(qc.getQueryData<Page<Order>>(eth)!.result).toHaveLength(0);
    });

    it('updates order history in place and adds new orders on top of the first page', () => {
      const qc = new QueryClient();
      const key = [...queryKeys.user.orders(account, { limit: 2 }), 'paged'];
      const data: InfiniteData<Page<Order>, number | undefined> = {
        pages: [page([order({ id: 5, status: 'open' }), order({ id: 4 })]), page([order({ id: 3, status: 'open' })])],
        pageParams: [undefined, 4],
      };
      qc.setQueryData(key, data);
      writeOrder(qc, account, order({ id: 3, status: 'canceled' }));
      writeOrder(qc, account, order({ id: 6, status: 'new' }));
      const now = qc.getQueryData<typeof data>(key)!;
      expect(now.pages[0]!.result.map((o) => o.id)).toEqual([6, 5, 4]);
      expect(now.pages[1]!.result[0]!.status).toBe('canceled');
    });

    it('drops an order from a status-filtered history when its status moves on', () => {
      const qc = new QueryClient();
      const key = queryKeys.user.orders(account, { status: 'open' });
      qc.setQueryData(key, page([order({ id: 7, status: 'open' })]));
      writeOrder(qc, account, order({ id: 7, status: 'filled' }));
      expect(qc.getQueryData<Page<Order>>(key)!.result).toHaveLength(0);
    });
  });

  it('upserts a position by symbol and removes it when its qty reaches zero', () => {
    const qc = new QueryClient();
    const key = queryKeys.user.positions(account);
    const btc = samplePosition as Position;
    qc.setQueryData<Position[]>(key, [btc]);
    writePosition(qc, account, { ...btc, qty: '-0.0020' });
    expect(qc.getQueryData<Position[]>(key)!.map((p) => p.qty)).toEqual(['-0.0020']);
    writePosition(qc, account, { ...btc, id: 12, symbol: 'ETH-USD', qty: '1' });
    expect(qc.getQueryData<Position[]>(key)!.map((p) => p.symbol)).toEqual(['BTC-USD', 'ETH-USD']);
    writePosition(qc, account, { ...btc, qty: '0', status: 'closed' });
    expect(qc.getQueryData<Position[]>(key)!.map((p) => p.symbol)).toEqual(['ETH-USD']);
  });

  it('puts an own fill on top of the trade lists whose filter it matches', () => {
    const qc = new QueryClient();
    const all = queryKeys.user.trades(account);
    const sells = queryKeys.user.trades(account, { side: 'sell' });
    qc.setQueryData(all, page<Trade>([]));
    qc.setQueryData(sells, page<Trade>([]));
    writeTrade(qc, account, { ...(sampleTrade as Trade), id: 10, side: 'buy' });
    expect(qc.getQueryData<Page<Trade>>(all)!.result.map((t) => t.id)).toEqual([10]);
    expect(qc.getQueryData<Page<Trade>>(sells)!.result).toHaveLength(0);
  });
});
