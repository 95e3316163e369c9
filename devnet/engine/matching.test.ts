import { describe, expect, it } from 'vitest';
import { A, B, C, D, expectInvariant, fund, limit, market, order, place, quiet, record, T0 } from '../test-support/engine-fixtures.js';

describe('matching', () => {
  it('fills by price, then time; partial fills keep the maker open with fill_avg_price', () => {
    const ex = quiet();
    for (const u of [A, B, C]) fund(ex, u, '100000');
    const a1 = place(ex, A, limit('sell', '0.01', '95100'));
    const b1 = place(ex, B, limit('sell', '0.01', '95100'));
    const b2 = place(ex, B, limit('sell', '0.01', '95050'));
    const c1 = place(ex, C, limit('buy', '0.025', '95100'));

    // 0.010 @ 95050 (better price first), 0.010 @ 95100 from A (earlier), 0.005 @ 95100 from B.
    const c = order(ex, C, c1);
    expect(c).toMatchObject({ status: 'filled', fill_qty: '0.025', fill_avg_price: '95080', price: '95100', qty: '0.025' });
    expect(order(ex, A, a1)).toMatchObject({ status: 'filled', fill_qty: '0.01', fill_avg_price: '95100' });
    expect(order(ex, B, b2)).toMatchObject({ status: 'filled', fill_qty: '0.01', fill_avg_price: '95050' });
    expect(order(ex, B, b1)).toMatchObject({ status: 'open', fill_qty: '0.005', fill_avg_price: '95100', qty: '0.01' });
    const depth = ex.depthBook('BTC-USD');
    expect(depth.ok && depth.value).toEqual({ asks: [['95100', '0.005']], bids: [], symbol: 'BTC-USD' });

    const trades = ex.queryTrades(C).result;
    expect(trades.map((t) => [t.price, t.qty, t.fee_qty])).toEqual([
      ['95100', '0.005', '0.1902'],
      ['95100', '0.01', '0.3804'],
      ['95050', '0.01', '0.3802'],
    ]);
    // Maker fee 0.0001 on 951 + taker fee 0.0004 on 2377.
    expect(ex.queryTrades(A).result[0]).toMatchObject({ side: 'sell', value: '951', fee_qty: '0.0951', pnl: '0', fee_asset: 'DUSD' });
    const pos = ex.queryPositions(C)[0];
    expect(pos).toMatchObject({ qty: '0.025', entry_price: '95080', entry_value: '2377' });
    expect(ex.queryPositions(B)[0]).toMatchObject({ qty: '-0.015', entry_value: '1426' });
    const recent = ex.recentTrades('BTC-USD');
    expect(recent.ok && recent.value[0]).toMatchObject({ is_buyer_taker: true, price: '95100', qty: '0.005', quote_qty: '475.5' });
    expectInvariant(ex);
  });

  it('gtc rests, ioc cancels its remainder, market takes within the protection band', () => {
    const ex = quiet();
    for (const u of [A, B, C]) fund(ex, u, '100000');
    place(ex, A, limit('sell', '0.01', '95100'));
    const ioc = place(ex, C, limit('buy', '0.02', '95100', { time_in_force: 'ioc' }));
    expect(order(ex, C, ioc)).toMatchObject({ status: 'canceled', fill_qty: '0.01', remark: 'unfilled remainder canceled' });

    const empty = place(ex, C, market('buy', '0.01'));
    // decisions.md "Order records": a market order records the limit it could reach, the band bound
    // mark × (1 + price_cap_ratio) = 95000 × 1.05 (not "0").
    expect(order(ex, C, empty)).toMatchObject({ status: 'canceled', fill_qty: '0', price: '99750', order_type: 'market' });

    // The band is mark 95000 × (1 ± 0.05) = [90250, 99750]: a market buy takes up to 99750 only.
    place(ex, B, limit('sell', '0.01', '99750'));
    const m = place(ex, C, market('buy', '0.02'));
    expect(order(ex, C, m)).toMatchObject({ status: 'canceled', fill_qty: '0.01', fill_avg_price: '99750' });

    const g = place(ex, C, limit('buy', '0.01', '94000'));
    expect(order(ex, C, g)).toMatchObject({ status: 'open', fill_qty: '0', margin: '94', time_in_force: 'gtc' });
    expectInvariant(ex);
  });

  it('rejects an alo order that would take, rests one that would not', () => {
    const ex = quiet();
    for (const u of [A, C]) fund(ex, u, '100000');
    place(ex, A, limit('sell', '0.01', '95100'));
    const events = record(ex);
    const r = ex.newOrder(C, limit('buy', '0.01', '95100', { time_in_force: 'alo' }), T0);
    expect(r.ok).toBe(true);
    const id = r.ok ? r.value.orderId : 0;
    expect(order(ex, C, id)).toMatchObject({ status: 'rejected', fill_qty: '0', remark: 'alo order rejected' });
    expect(events.filter((e) => e.type === 'order_result')).toEqual([
      { type: 'order_result', user: C, orderId: id, clOrdId: `auto-${id}`, code: 400, message: 'alo order rejected' },
    ]);
    expect(events.filter((e) => e.type === 'order').map((e) => e.type === 'order' && e.order.status)).toEqual(['new', 'rejected']);
    const ok = place(ex, C, limit('buy', '0.01', '95000', { time_in_force: 'alo' }));
    expect(order(ex, C, ok).status).toBe('open');
    expectInvariant(ex);
  });

  it('self-trade prevention cancels the resting order of the same account', () => {
    const ex = quiet();
    for (const u of [A, B]) fund(ex, u, '100000');
    const own = place(ex, A, limit('sell', '0.01', '95100'));
    place(ex, B, limit('sell', '0.01', '95200'));
    const taker = place(ex, A, limit('buy', '0.02', '95200'));
    expect(order(ex, A, own)).toMatchObject({ status: 'canceled', fill_qty: '0', remark: 'self-trade prevention' });
    // Matching continued behind the canceled order: B filled, the rest of A's order rests.
    expect(order(ex, A, taker)).toMatchObject({ status: 'open', fill_qty: '0.01', fill_avg_price: '95200' });
    const d = ex.depthBook('BTC-USD');
    expect(d.ok && d.value).toEqual({ asks: [], bids: [['95200', '0.01']], symbol: 'BTC-USD' });
    expectInvariant(ex);
  });

  it('emits order status changes, trades, positions, balances and a final order_result', () => {
    const ex = quiet();
    for (const u of [A, C]) fund(ex, u, '100000');
    place(ex, A, limit('sell', '0.01', '95100', { cl_ord_id: 'maker-1' }));
    const events = record(ex);
    const r = ex.newOrder(C, limit('buy', '0.01', '95100', { cl_ord_id: 'taker-1' }), T0 + 5);
    expect(r).toEqual({ ok: true, value: { orderId: 2, clOrdId: 'taker-1' } });
    const kinds = events.map((e) => `${e.type}:${'user' in e ? (e.user === A ? 'A' : 'C') : e.symbol}`);
    expect(kinds).toEqual([
      'order:C', // new
      'order:A', // maker filled
      'trade:A',
      'trade:C',
      'public_trade:BTC-USD',
      'order:C', // filled
      'order_result:C',
      'position:A',
      'position:C',
      'balance:A',
      'balance:C',
      'depth:BTC-USD',
    ]);
    const statuses = events.flatMap((e) => (e.type === 'order' ? [`${e.order.cl_ord_id}:${e.order.status}`] : []));
    expect(statuses).toEqual(['taker-1:new', 'maker-1:filled', 'taker-1:filled']);
    const pub = events.find((e) => e.type === 'public_trade');
    expect(pub).toEqual({ type: 'public_trade', symbol: 'BTC-USD', trade: { id: 1, price: '95100', qty: '0.01', side: 'buy', symbol: 'BTC-USD', time: T0 + 5 } });
    const res = events.find((e) => e.type === 'order_result');
    expect(res).toEqual({ type: 'order_result', user: C, orderId: 2, clOrdId: 'taker-1', code: 0, message: 'success' });
  });

  it('cancels by id or cl_ord_id, reports unknown ones', () => {
    const ex = quiet();
    fund(ex, D, '100000');
    const id = place(ex, D, limit('buy', '0.01', '94000', { cl_ord_id: 'x1' }));
    place(ex, D, limit('buy', '0.01', '93000', { cl_ord_id: 'x2' }));
    expect(ex.queryBalance(D).locked).toBe('189.62548'); // (940 + 930) × (1/10 + 0.0004) × 1.01
    expect(ex.cancelOrder(D, { cl_ord_id: 'x2' }, T0)).toEqual({ ok: true, value: undefined });
    expect(ex.cancelOrder(D, { order_id: id, cl_ord_id: 'x2' }, T0)).toEqual({ ok: false, code: 400, message: 'order_id and cl_ord_id refer to different orders' });
    expect(ex.cancelOrder(D, { order_id: id }, T0).ok).toBe(true);
    expect(ex.cancelOrder(D, { order_id: id }, T0)).toEqual({ ok: false, code: 400, message: `order ${id} is not open (status canceled)` });
    expect(ex.cancelOrder(D, { order_id: 999 }, T0)).toEqual({ ok: false, code: 404, message: 'order not found' });
    expect(ex.cancelOrder(D, {}, T0)).toEqual({ ok: false, code: 400, message: 'order_id or cl_ord_id is required' });
    expect(ex.cancelOrder(A, { order_id: id }, T0)).toEqual({ ok: false, code: 404, message: 'order not found' });
    expect(ex.queryBalance(D).locked).toBe('0');
    expect(order(ex, D, id)).toMatchObject({ status: 'canceled', remark: 'canceled by user', avail_locked: '0' });

    const a = place(ex, D, limit('buy', '0.01', '94000', { cl_ord_id: 'y1' }));
    const events = record(ex);
    expect(ex.cancelOrders(D, { order_id_list: [a, 12345], cl_ord_id_list: ['nope'] }, T0).ok).toBe(true);
    expect(events.filter((e) => e.type === 'order_result').map((e) => e.type === 'order_result' && [e.orderId, e.clOrdId, e.code])).toEqual([
      [a, 'y1', 0],
      [12345, '', 404],
      [0, 'nope', 404],
    ]);
    expect(ex.cancelOrders(D, {}, T0)).toEqual({ ok: false, code: 400, message: 'order_id_list or cl_ord_id_list is required' });
    expectInvariant(ex);
  });

  it('pages order history newest first with last_id, filters and totals', () => {
    const ex = quiet();
    fund(ex, D, '100000');
    const ids = [1, 2, 3, 4, 5].map((i) => place(ex, D, limit('buy', '0.01', String(94000 + i)), T0 + i * 1000));
    ex.cancelOrder(D, { order_id: ids[0] as number }, T0 + 10_000);
    const all = ex.queryOrders(D, { limit: 2 });
    expect(all.total).toBe(5);
    expect(all.page_size).toBe(2);
    expect(all.result.map((o) => o.id)).toEqual([ids[4], ids[3]]);
    const next = ex.queryOrders(D, { limit: 2, last_id: ids[3] });
    expect(next.result.map((o) => o.id)).toEqual([ids[2], ids[1]]);
    expect(ex.queryOrders(D, { status: 'canceled' }).result.map((o) => o.id)).toEqual([ids[0]]);
    expect(ex.queryOrders(D, { start: new Date(T0 + 3000).toISOString(), end: T0 + 4000 }).total).toBe(2);
    const open = ex.queryOpenOrders(D, { symbol: 'BTC-USD' });
    expect(open.total).toBe(4);
    expect(open.result[0]).toMatchObject({
      id: ids[4], user: D, symbol: 'BTC-USD', status: 'open', created_block: -1, closed_block: -1, source: 'user',
      payload: null, liq_id: 0, position_id: 0, leverage: '10', reduce_only: false,
      created_at: new Date(T0 + 5000).toISOString(),
    });
    expect(Object.keys(open.result[0] ?? {})).toEqual([
      'id', 'cl_ord_id', 'user', 'symbol', 'side', 'order_type', 'time_in_force', 'price', 'qty', 'fill_qty', 'fill_avg_price',
      'reduce_only', 'leverage', 'margin', 'avail_locked', 'status', 'position_id', 'liq_id', 'created_block', 'closed_block',
      'source', 'remark', 'payload', 'created_at', 'updated_at',
    ]);
  });
});
