import { describe, expect, it } from 'vitest';
import type { Exchange, NewOrderParams } from './index.js';
import { A, B, C, expectInvariant, fund, limit, market, place, quiet, record, T0 } from '../test-support/engine-fixtures.js';

// decisions.md "TP/SL and position protection": qty "0", reduce-only market ioc with tp_price and/or
// sl_price protects the whole position.
function protect(side: 'buy' | 'sell', tpsl: { tp_price?: string; sl_price?: string }, extra: Partial<NewOrderParams> = {}): NewOrderParams {
  return market(side, '0', { reduce_only: true, ...tpsl, ...extra });
}

/** A with a position of `qty` on `side` at 95 000 (B is the counterparty), C funded to provide liquidity later. */
function withPosition(side: 'buy' | 'sell', qty: string): Exchange {
  const ex = quiet();
  for (const u of [A, B, C]) fund(ex, u, '100000');
  place(ex, B, limit(side === 'buy' ? 'sell' : 'buy', qty, '95000'));
  place(ex, A, market(side, qty));
  return ex;
}

const openOf = (ex: Exchange) => ex.queryOpenOrders(A).result.map((o) => [o.source, o.status, o.side, o.price, o.qty, o.reduce_only]);

describe('position TP/SL (whole position)', () => {
  it('sets an untriggered TP and SL at once, qty "0", and the request is done', () => {
    const ex = withPosition('buy', '0.02');
    const events = record(ex);
    const id = place(ex, A, protect('sell', { tp_price: '97000', sl_price: '94000' }), T0 + 100);
    expect(openOf(ex)).toEqual([
      ['sl', 'untriggered', 'sell', '94000', '0', true],
      ['tp', 'untriggered', 'sell', '97000', '0', true],
    ]);
    expect(ex.queryOrder(A, { order_id: id })).toMatchObject({ ok: true, value: { status: 'filled', qty: '0', reduce_only: true } });
    const children = ex.queryOpenOrders(A).result;
    expect(children.every((c) => (c.payload as { parent_id: number }).parent_id === id)).toBe(true);
    const mine = events.flatMap((e) => (e.type === 'order' && e.user === A ? [`${e.order.source}:${e.order.status}`] : []));
    expect(mine).toEqual(['user:new', 'tp:untriggered', 'sl:untriggered', 'user:filled']);
    expect(events.find((e) => e.type === 'order_result')).toMatchObject({ orderId: id, code: 0, message: 'success' });
    expect(ex.queryPositions(A)[0]?.qty).toBe('0.02');
    expectInvariant(ex);
  });

  it('a long stop-loss fires when the mark falls to it, closes the whole position and cancels the TP', () => {
    const ex = withPosition('buy', '0.02');
    place(ex, A, protect('sell', { tp_price: '97000', sl_price: '94000' }));
    place(ex, C, limit('buy', '0.05', '93900'), T0 + 500);
    ex.setIndexPrice('BTC-USD', '94000.1', T0 + 1000);
    expect(ex.queryOpenOrders(A).result.filter((o) => o.source !== 'user')).toHaveLength(2);
    ex.setIndexPrice('BTC-USD', '94000', T0 + 2000);
    expect(ex.queryPositions(A)).toEqual([]);
    const filled = ex.queryOrders(A, { status: 'filled' }).result[0];
    expect(filled).toMatchObject({ source: 'sl', qty: '0.02', fill_qty: '0.02', fill_avg_price: '93900' });
    expect(ex.queryOrders(A, { status: 'canceled' }).result[0]).toMatchObject({ source: 'tp', remark: 'oco: sibling triggered' });
    expect(ex.queryOpenOrders(A).total).toBe(0);
    expectInvariant(ex);
  });

  it('a long take-profit fires when the mark rises to it', () => {
    const ex = withPosition('buy', '0.02');
    place(ex, A, protect('sell', { tp_price: '96000', sl_price: '94000' }));
    place(ex, C, limit('buy', '0.02', '95990'), T0 + 500);
    ex.setIndexPrice('BTC-USD', '96000', T0 + 1000);
    expect(ex.queryPositions(A)).toEqual([]);
    expect(ex.queryTrades(A).result[0]).toMatchObject({ side: 'sell', qty: '0.02', pnl: '19.8' });
    expectInvariant(ex);
  });

  it('for a short: TP fires when the mark falls to it, SL when it rises', () => {
    const tp = withPosition('sell', '0.01');
    place(tp, A, protect('buy', { tp_price: '93000', sl_price: '96000' }));
    place(tp, C, limit('sell', '0.01', '93100'), T0 + 500);
    tp.setIndexPrice('BTC-USD', '93000.1', T0 + 1000);
    expect(tp.queryPositions(A)[0]?.qty).toBe('-0.01');
    tp.setIndexPrice('BTC-USD', '93000', T0 + 2000);
    expect(tp.queryPositions(A)).toEqual([]);
    expect(tp.queryOrders(A, { status: 'filled' }).result[0]).toMatchObject({ source: 'tp', side: 'buy' });

    const sl = withPosition('sell', '0.01');
    place(sl, A, protect('buy', { tp_price: '90000', sl_price: '96000' }));
    place(sl, C, limit('sell', '0.01', '96100'), T0 + 500);
    sl.setIndexPrice('BTC-USD', '95999.9', T0 + 1000);
    expect(sl.queryPositions(A)[0]?.qty).toBe('-0.01');
    sl.setIndexPrice('BTC-USD', '96000', T0 + 2000);
    expect(sl.queryPositions(A)).toEqual([]);
    expect(sl.queryOrders(A, { status: 'filled' }).result[0]).toMatchObject({ source: 'sl', side: 'buy', fill_avg_price: '96100' });
    expectInvariant(sl);
  });

  it('sending it again replaces only the side sent', () => {
    const ex = withPosition('buy', '0.02');
    place(ex, A, protect('sell', { tp_price: '97000', sl_price: '94000' }));
    const [oldSl, oldTp] = ex.queryOpenOrders(A).result;
    place(ex, A, protect('sell', { sl_price: '94500' }), T0 + 100);
    expect(openOf(ex)).toEqual([
      ['sl', 'untriggered', 'sell', '94500', '0', true],
      ['tp', 'untriggered', 'sell', '97000', '0', true],
    ]);
    expect(ex.queryOrder(A, { order_id: oldSl?.id ?? 0 })).toMatchObject({ ok: true, value: { status: 'canceled', remark: 'replaced by a new position tp/sl' } });
    expect(ex.queryOpenOrders(A).result[1]?.id).toBe(oldTp?.id);
    // The new SL and the old TP are still one pair.
    place(ex, C, limit('buy', '0.02', '94400'), T0 + 500);
    ex.setIndexPrice('BTC-USD', '94500', T0 + 1000);
    expect(ex.queryPositions(A)).toEqual([]);
    expect(ex.queryOrder(A, { order_id: oldTp?.id ?? 0 })).toMatchObject({ ok: true, value: { status: 'canceled', remark: 'oco: sibling triggered' } });
    expectInvariant(ex);
  });

  it('is removed by canceling the child', () => {
    const ex = withPosition('buy', '0.02');
    place(ex, A, protect('sell', { tp_price: '97000', sl_price: '94000' }));
    const sl = ex.queryOpenOrders(A).result.find((o) => o.source === 'sl');
    expect(ex.cancelOrder(A, { order_id: sl?.id ?? 0 }, T0 + 100).ok).toBe(true);
    place(ex, C, limit('buy', '0.02', '93000'), T0 + 500);
    ex.setIndexPrice('BTC-USD', '93500', T0 + 1000);
    expect(ex.queryPositions(A)[0]?.qty).toBe('0.02');
    expect(openOf(ex)).toEqual([['tp', 'untriggered', 'sell', '97000', '0', true]]);
    expectInvariant(ex);
  });

  it('is canceled with the position when it is closed otherwise', () => {
    const ex = withPosition('buy', '0.02');
    place(ex, A, protect('sell', { tp_price: '97000', sl_price: '94000' }));
    place(ex, C, limit('buy', '0.02', '95000'), T0 + 500);
    place(ex, A, market('sell', '0.02', { reduce_only: true }), T0 + 500);
    expect(ex.queryPositions(A)).toEqual([]);
    expect(ex.queryOpenOrders(A).total).toBe(0);
    expect(ex.queryOrders(A, { status: 'canceled' }).result.map((o) => [o.source, o.remark])).toEqual([
      ['sl', 'position closed'],
      ['tp', 'position closed'],
    ]);
    expectInvariant(ex);
  });

  it('does not count toward the reduce-only headroom', () => {
    const ex = withPosition('buy', '0.02');
    place(ex, A, protect('sell', { tp_price: '97000', sl_price: '94000' }));
    // The whole position is still available to reduce-only orders.
    place(ex, A, limit('sell', '0.02', '96000', { reduce_only: true }), T0 + 100);
    const more = ex.newOrder(A, limit('sell', '0.001', '96000', { reduce_only: true }), T0 + 100);
    expect(more).toMatchObject({ ok: false, message: expect.stringContaining('headroom 0 ') });
  });

  it('closes what the position is when it fires, never flipping it, even after it grew', () => {
    const ex = withPosition('buy', '0.02');
    place(ex, A, protect('sell', { sl_price: '94000' }));
    place(ex, B, limit('sell', '0.01', '95000'), T0 + 100);
    place(ex, A, market('buy', '0.01'), T0 + 100);
    expect(ex.queryPositions(A)[0]?.qty).toBe('0.03');
    place(ex, C, limit('buy', '1', '93900'), T0 + 500);
    ex.setIndexPrice('BTC-USD', '94000', T0 + 1000);
    expect(ex.queryPositions(A)).toEqual([]);
    expect(ex.queryOrders(A, { status: 'filled' }).result.find((o) => o.source === 'sl')).toMatchObject({ qty: '0.03', fill_qty: '0.03' });
    expectInvariant(ex);
  });

  it('a close that the book cannot fill whole keeps working on the rest of the position, its partner gone', () => {
    const ex = withPosition('buy', '0.02');
    place(ex, A, protect('sell', { tp_price: '97000', sl_price: '94000' }));
    place(ex, C, limit('buy', '0.005', '93900'), T0 + 500);
    ex.setIndexPrice('BTC-USD', '94000', T0 + 1000);
    expect(ex.queryPositions(A)[0]?.qty).toBe('0.015');
    // The rest keeps working (decisions.md "Market integrity": a trigger stays triggered until its position is closed).
    expect(ex.queryOpenOrders(A).result.map((o) => [o.source, o.status, o.qty, o.fill_qty, o.remark])).toEqual([
      ['sl', 'open', '0.02', '0.005', 'triggered: waiting for a price within the protection band'],
    ]);
    expect(ex.queryOrders(A, { status: 'canceled' }).result.map((o) => [o.source, o.fill_qty, o.remark])).toEqual([
      ['tp', '0', 'oco: sibling triggered'],
    ]);
    place(ex, C, limit('buy', '0.015', '93800'), T0 + 1500);
    ex.advance(T0 + 2000);
    expect(ex.queryPositions(A)).toEqual([]);
    expect(ex.queryOrders(A, { status: 'filled' }).result.find((o) => o.source === 'sl')).toMatchObject({ qty: '0.02', fill_qty: '0.02' });
    expectInvariant(ex);
  });

  it('refuses a trigger on the wrong side of the mark, no position, the wrong side — and changes nothing', () => {
    const ex = withPosition('buy', '0.02');
    place(ex, A, protect('sell', { tp_price: '97000' }));
    const before = ex.snapshot();
    expect(ex.newOrder(A, protect('sell', { tp_price: '94000' }), T0 + 100)).toEqual({
      ok: false, code: 400, message: 'take profit for a long must be above the mark price 95000',
    });
    expect(ex.newOrder(A, protect('sell', { sl_price: '95000' }), T0 + 100)).toMatchObject({
      ok: false, message: 'stop loss for a long must be below the mark price 95000',
    });
    expect(ex.newOrder(A, protect('buy', { sl_price: '94000' }), T0 + 100)).toMatchObject({
      ok: false, message: 'side buy does not close the long position in BTC-USD: protect it with a sell',
    });
    expect(ex.newOrder(C, protect('sell', { sl_price: '94000' }), T0 + 100)).toMatchObject({
      ok: false, message: 'no position to protect in BTC-USD',
    });
    expect(ex.snapshot()).toBe(before);
  });

  it('counts the children it adds against max_open_orders (a replaced one frees its place)', () => {
    const ex = withPosition('buy', '0.02');
    for (let i = 0; i < 199; i++) place(ex, A, limit('buy', '0.001', String(91000 + i)));
    const before = ex.snapshot();
    expect(ex.newOrder(A, protect('sell', { tp_price: '97000', sl_price: '94000' }), T0 + 100)).toEqual({
      ok: false,
      code: 400,
      message: 'too many open orders in BTC-USD (max 200)',
    });
    expect(ex.snapshot()).toBe(before);
    place(ex, A, protect('sell', { sl_price: '94000' }), T0 + 100);
    expect(ex.queryOpenOrders(A, { symbol: 'BTC-USD', limit: 500 }).total).toBe(200);
    place(ex, A, protect('sell', { sl_price: '93500' }), T0 + 200);
    expect(ex.queryOpenOrders(A, { symbol: 'BTC-USD', limit: 500 }).total).toBe(200);
  });

  it('keeps refusing every other qty-0 order', () => {
    const ex = withPosition('buy', '0.02');
    const refused = [
      market('sell', '0', { tp_price: '97000' }), // not reduce-only
      limit('sell', '0', '95000', { reduce_only: true, tp_price: '97000' }), // limit
      market('sell', '0', { reduce_only: true, time_in_force: 'gtc', tp_price: '97000' }), // gtc
      market('sell', '0', { reduce_only: true }), // no tp/sl
    ];
    for (const p of refused) expect(ex.newOrder(A, p, T0 + 100)).toMatchObject({ ok: false, code: 400, message: 'qty must be positive' });
  });

  it('survives a snapshot and restore', async () => {
    const ex = withPosition('buy', '0.02');
    place(ex, A, protect('sell', { tp_price: '97000', sl_price: '94000' }));
    const { Exchange } = await import('./index.js');
    const back = Exchange.restore(ex.snapshot(), { makers: false, indexWalk: false });
    expect(back.queryOpenOrders(A).result.map((o) => [o.source, o.qty, o.status])).toEqual([
      ['sl', '0', 'untriggered'],
      ['tp', '0', 'untriggered'],
    ]);
    place(back, C, limit('buy', '0.02', '93900'), T0 + 500);
    back.setIndexPrice('BTC-USD', '94000', T0 + 1000);
    expect(back.queryPositions(A)).toEqual([]);
    expectInvariant(back);
  });
});
