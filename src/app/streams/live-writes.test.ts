import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { sampleOrder, samplePosition } from '../../api/__fixtures__/spec-samples';
import { queryKeys } from '../../api/query-keys';
import type { DepthBook, Order, Position, PublicTrade, RecentTrade } from '../../api/schemas';
import { toRecentTrade, writeDepth, writeOrder, writePosition, writePublicTrades } from './cache-writers';

/**
 * A read-back (the HTTP reads after a reconnect, or after the market socket's move into the worker)
 * answers with the service's state from the moment it was served; pushes that reach the page while it
 * is on its way may be newer. These tests play that race with the real writers and a real QueryClient:
 * the service's answer is held until the push has been written.
 */
const account = 'bsc_0xabc';
type Page<T> = { page_size: number; result: T[]; total: number };
const page = <T,>(result: T[]): Page<T> => ({ page_size: 100, result, total: result.length });
const order = (o: Partial<Order>): Order => ({ ...(sampleOrder as Order), ...o });
const position = (p: Partial<Position>): Position => ({ ...(samplePosition as Position), ...p });
const trade = (id: number, time: number, price = '100'): PublicTrade => ({ id, price, qty: '1', side: 'buy', symbol: 'BTC-USD', time });

function client() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
}

/** Reads `key` back; `meanwhile` runs while the answer is on its way, then the service answers `answer`. */
async function readBack<T>(qc: QueryClient, key: QueryKey, answer: T | Error, meanwhile: () => void): Promise<T | undefined> {
  let settle: () => void = () => undefined;
  const served = new Promise<void>((r) => (settle = r));
  const done = qc
    .fetchQuery({
      queryKey: key,
      queryFn: async () => {
        await served;
        if (answer instanceof Error) throw answer;
        return answer;
      },
    })
    .catch(() => undefined);
  await Promise.resolve();
  meanwhile();
  settle();
  await done;
  return qc.getQueryData<T>(key);
}

describe('a push that arrives while a read-back is on its way', () => {
  it('an order filled meanwhile is not brought back to the open orders by the older answer', async () => {
    const qc = client();
    const key = queryKeys.user.openOrders(account);
    const resting = order({ id: 1, status: 'open', updated_at: '2026-11-24T10:00:00.000100Z' });
    qc.setQueryData(key, page([resting]));
    const now = await readBack(qc, key, page([resting]), () =>
      writeOrder(qc, account, { ...resting, status: 'filled', fill_qty: resting.qty, updated_at: '2026-11-24T10:00:00.000200Z' }),
    );
    expect(now?.result.map((o) => o.id)).toEqual([]);
  });

  it('an order placed meanwhile joins the answer', async () => {
    const qc = client();
    const key = queryKeys.user.openOrders(account);
    const old = order({ id: 1, status: 'open' });
    qc.setQueryData(key, page([old]));
    const now = await readBack(qc, key, page([old]), () => writeOrder(qc, account, order({ id: 2, status: 'new' })));
    expect(now?.result.map((o) => o.id)).toEqual([2, 1]);
    expect(now?.total).toBe(2);
  });

  it("an older push does not replace the answer's newer state of the same order", async () => {
    const qc = client();
    const key = queryKeys.user.openOrders(account);
    const partly = order({ id: 1, status: 'open', fill_qty: '0.0005', updated_at: '2026-11-24T10:00:00.5Z' });
    qc.setQueryData(key, page([order({ id: 1, status: 'open' })]));
    const now = await readBack(qc, key, page([partly]), () =>
      writeOrder(qc, account, order({ id: 1, status: 'open', fill_qty: '0.0001', updated_at: '2026-11-24T10:00:00.400999Z' })),
    );
    expect(now?.result.map((o) => o.fill_qty)).toEqual(['0.0005']);
  });

  it('a position grown meanwhile keeps its new size', async () => {
    const qc = client();
    const key = queryKeys.user.positions(account);
    const before = position({ qty: '0.0010', updated_at: '2026-11-24T10:00:00Z' });
    qc.setQueryData(key, [before]);
    const now = await readBack(qc, key, [before], () => writePosition(qc, account, { ...before, qty: '0.0030', updated_at: '2026-11-24T10:00:01Z' }));
    expect(now?.map((p) => p.qty)).toEqual(['0.0030']);
  });

  it("a new position's answer is not removed by an older push closing the previous one on that symbol", async () => {
    const qc = client();
    const key = queryKeys.user.positions(account);
    const first = position({ id: 7, qty: '0.0010', updated_at: '2026-11-24T10:00:00Z' });
    const second = position({ id: 8, qty: '0.0020', updated_at: '2026-11-24T10:00:02Z' });
    qc.setQueryData(key, [first]);
    const now = await readBack(qc, key, [second], () =>
      writePosition(qc, account, { ...first, qty: '0', status: 'closed', updated_at: '2026-11-24T10:00:01Z' }),
    );
    expect(now?.map((p) => p.id)).toEqual([8]);
  });

  it('a trade printed meanwhile stays on the tape, and one the answer already has is not shown twice', async () => {
    const qc = client();
    const key = queryKeys.market.recentTrades('BTC-USD');
    const t1 = trade(1, 1_000, '100');
    const t2 = trade(2, 2_000, '101');
    const t3 = trade(3, 3_000, '102');
    qc.setQueryData<RecentTrade[]>(key, [toRecentTrade(t1)]);
    // The service served its answer between t2 and t3; both reached the page while it was on its way.
    const now = await readBack<RecentTrade[]>(qc, key, [t2, t1].map(toRecentTrade), () => writePublicTrades(qc, 'BTC-USD', [t2, t3]));
    expect(now?.map((t) => t.price)).toEqual(['102', '101', '100']);
  });

  it('two equal trades in the same millisecond are both kept when only one was in the answer', async () => {
    const qc = client();
    const key = queryKeys.market.recentTrades('BTC-USD');
    const a = trade(1, 5_000);
    const b = trade(2, 5_000);
    qc.setQueryData<RecentTrade[]>(key, []);
    const now = await readBack<RecentTrade[]>(qc, key, [toRecentTrade(a)], () => writePublicTrades(qc, 'BTC-USD', [a, b]));
    expect(now).toHaveLength(2);
  });

  it("the stream's book stays over the older answer", async () => {
    const qc = client();
    const key = queryKeys.market.depth('BTC-USD');
    const book = (bid: string): DepthBook => ({ symbol: 'BTC-USD', asks: [['101', '1']], bids: [[bid, '1']] });
    qc.setQueryData(key, book('99'));
    const now = await readBack(qc, key, book('98'), () => writeDepth(qc, book('100')));
    expect(now?.bids[0]?.[0]).toBe('100');
  });

  it('without a push meanwhile the answer replaces the cache, and a later push is applied once', async () => {
    const qc = client();
    const key = queryKeys.market.recentTrades('BTC-USD');
    qc.setQueryData<RecentTrade[]>(key, [toRecentTrade(trade(1, 1_000))]);
    const now = await readBack<RecentTrade[]>(qc, key, [toRecentTrade(trade(2, 2_000, '101'))], () => undefined);
    expect(now?.map((t) => t.price)).toEqual(['101']);
    writePublicTrades(qc, 'BTC-USD', [trade(3, 3_000, '102')]);
    expect(qc.getQueryData<RecentTrade[]>(key)?.map((t) => t.price)).toEqual(['102', '101']);
  });

  it('a read-back that fails keeps what the stream wrote, and the next one does not replay it', async () => {
    const qc = client();
    const key = queryKeys.user.openOrders(account);
    const resting = order({ id: 1, status: 'open', updated_at: '2026-11-24T10:00:00Z' });
    qc.setQueryData(key, page([resting]));
    const failed = await readBack<Page<Order>>(qc, key, new Error('offline'), () => writeOrder(qc, account, order({ id: 2, status: 'new', updated_at: '2026-11-24T10:00:01Z' })));
    expect(failed?.result.map((o) => o.id)).toEqual([2, 1]);
    // Order 2 was canceled before the next answer was served: the answer is the truth.
    const next = await readBack(qc, key, page([resting]), () => undefined);
    expect(next?.result.map((o) => o.id)).toEqual([1]);
  });

  it('equal trades of one millisecond that arrive in two frames are both kept when the answer has neither', async () => {
    const qc = client();
    const key = queryKeys.market.recentTrades('BTC-USD');
    qc.setQueryData<RecentTrade[]>(key, []);
    const now = await readBack<RecentTrade[]>(qc, key, [toRecentTrade(trade(0, 4_000))], () => {
      writePublicTrades(qc, 'BTC-USD', [trade(1, 5_000)]);
      writePublicTrades(qc, 'BTC-USD', [trade(2, 5_000)]);
    });
    expect(now?.map((t) => t.time)).toEqual([5_000, 5_000, 4_000].map((ms) => new Date(ms).toISOString()));
  });

  it('a push kept for a read-back that a second reconnect restarted is not replayed onto the new answer', async () => {
    const qc = client();
    const key = queryKeys.user.openOrders(account);
    qc.setQueryData(key, page<Order>([]));
    const answers: ((p: Page<Order>) => void)[] = [];
    const queryFn = () => new Promise<Page<Order>>((r) => answers.push(r));
    void qc.fetchQuery({ queryKey: key, queryFn }).catch(() => undefined);
    await Promise.resolve();
    // Order 2 rests while the first read-back is on its way; its fill push is lost with the socket.
    writeOrder(qc, account, order({ id: 2, status: 'new', updated_at: '2026-11-24T10:00:01Z' }));
    // The second reconnect cancels the first read-back and asks again: the service has no open orders.
    const second = qc.invalidateQueries({ queryKey: key, refetchType: 'all' });
    await Promise.resolve();
    answers.at(-1)!(page([]));
    await second;
    expect(answers).toHaveLength(2);
    expect(qc.getQueryData<Page<Order>>(key)?.result).toEqual([]);
  });

  it('a push kept during an attempt that failed is not replayed onto the retry, which asked after it', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: 1, retryDelay: 5, staleTime: 0 } } });
    const key = queryKeys.user.openOrders(account);
    qc.setQueryData(key, page<Order>([]));
    let attempts = 0;
    let failFirst: (e: Error) => void = () => undefined;
    const done = qc.fetchQuery({
      queryKey: key,
      queryFn: () => (++attempts === 1 ? new Promise<Page<Order>>((_, no) => (failFirst = no)) : Promise.resolve(page<Order>([]))),
    });
    await Promise.resolve();
    writeOrder(qc, account, order({ id: 2, status: 'new', updated_at: '2026-11-24T10:00:01Z' }));
    failFirst(new Error('timeout'));
    await done;
    expect(attempts).toBe(2);
    expect(qc.getQueryData<Page<Order>>(key)?.result).toEqual([]);
  });

  it('a trade the answer holds whose push lands after the answer is not shown twice', async () => {
    const qc = client();
    const key = queryKeys.market.recentTrades('BTC-USD');
    const t1 = trade(1, 1_000, '100');
    const t2 = trade(2, 2_000, '101');
    const t3 = trade(3, 2_000, '101');
    const t4 = trade(4, 3_000, '102');
    qc.setQueryData<RecentTrade[]>(key, [toRecentTrade(t1)]);
    // Served after t2 and t3 printed; their push, held for the page's next frame, lands after the answer.
    await readBack<RecentTrade[]>(qc, key, [t3, t2, t1].map(toRecentTrade), () => undefined);
    writePublicTrades(qc, 'BTC-USD', [t2, t3, t4]);
    expect(qc.getQueryData<RecentTrade[]>(key)?.map((t) => t.price)).toEqual(['102', '101', '101', '100']);
    // Later pushes of equal trades in that millisecond are other trades.
    writePublicTrades(qc, 'BTC-USD', [trade(5, 3_000, '102')]);
    expect(qc.getQueryData<RecentTrade[]>(key)?.map((t) => t.price)).toEqual(['102', '102', '101', '101', '100']);
  });
});
