import { describe, expect, it } from 'vitest';
import { A, B, C, expectInvariant, fund, limit, market, place, quiet, record, T0 } from '../test-support/engine-fixtures.js';

describe('take-profit / stop-loss', () => {
  it('creates untriggered reduce-only children on fill and fires on the mark', () => {
    const ex = quiet();
    for (const u of [A, B, C]) fund(ex, u, '100000');
    place(ex, B, limit('sell', '0.01', '95000'));
    const parent = place(ex, A, market('buy', '0.01', { tp_price: '96000', sl_price: '94000' }));
    const open = ex.queryOpenOrders(A).result;
    expect(open.map((o) => [o.source, o.status, o.side, o.order_type, o.price, o.qty, o.reduce_only])).toEqual([
      ['sl', 'untriggered', 'sell', 'market', '94000', '0.01', true],
      ['tp', 'untriggered', 'sell', 'market', '96000', '0.01', true],
    ]);
    expect(ex.queryOrder(A, { order_id: parent })).toMatchObject({ ok: true, value: { status: 'filled' } });
    // Not yet: mark 95999.9 < 96000.
    ex.setIndexPrice('BTC-USD', '95999.9', T0 + 1000);
    expect(ex.queryOpenOrders(A).total).toBe(2);
    place(ex, C, limit('buy', '0.01', '95990'), T0 + 1500);
    const events = record(ex);
    ex.setIndexPrice('BTC-USD', '96000', T0 + 2000);
    expect(ex.queryPositions(A)).toEqual([]);
    const tp = ex.queryOrders(A, { status: 'filled' }).result[0];
    expect(tp).toMatchObject({ source: 'tp', fill_qty: '0.01', fill_avg_price: '95990' });
    const sl = open[0];
    expect(ex.queryOrder(A, { order_id: sl?.id ?? 0 })).toMatchObject({ ok: true, value: { status: 'canceled', remark: 'oco: sibling triggered' } });
    expect(ex.queryTrades(A).result[0]).toMatchObject({ pnl: '9.9' }); // (95990 − 95000) × 0.01
    const statuses = events.flatMap((e) => (e.type === 'order' && e.user === A ? [`${e.order.source}:${e.order.status}`] : []));
    expect(statuses).toEqual(['sl:canceled', 'tp:new', 'tp:filled']);
    expectInvariant(ex);
  });

  it('stop-loss for a short fires when the mark rises; children are canceled when the position closes', () => {
    const ex = quiet();
    for (const u of [A, B, C]) fund(ex, u, '100000');
    place(ex, B, limit('buy', '0.02', '95000'));
    place(ex, A, market('sell', '0.02', { sl_price: '95500', tp_price: '90000' }));
    place(ex, C, limit('sell', '0.02', '95600'));
    ex.setIndexPrice('BTC-USD', '95500', T0 + 1000);
    expect(ex.queryPositions(A)).toEqual([]);
    expect(ex.queryTrades(A).result[0]).toMatchObject({ side: 'buy', price: '95600', pnl: '-12' });

    // Closing by hand cancels the untriggered children.
    place(ex, B, limit('sell', '0.01', '95500'), T0 + 2000);
    place(ex, A, market('buy', '0.01', { tp_price: '99000' }), T0 + 2000);
    expect(ex.queryOpenOrders(A).total).toBe(1);
    place(ex, C, limit('buy', '0.01', '95400'), T0 + 3000);
    place(ex, A, market('sell', '0.01'), T0 + 3000);
    expect(ex.queryOpenOrders(A).total).toBe(0);
    expect(ex.queryOrders(A, { status: 'canceled' }).result[0]).toMatchObject({ source: 'tp', remark: 'position closed' });
    expectInvariant(ex);
  });

  it('partial parent fills grow the children', () => {
    const ex = quiet();
    for (const u of [A, B]) fund(ex, u, '100000');
    const p = place(ex, A, limit('buy', '0.03', '95000', { tp_price: '97000' }));
    place(ex, B, limit('sell', '0.01', '95000'));
    expect(ex.queryOpenOrders(A).result.find((o) => o.source === 'tp')?.qty).toBe('0.01');
    place(ex, B, limit('sell', '0.015', '95000'));
    expect(ex.queryOpenOrders(A).result.find((o) => o.source === 'tp')?.qty).toBe('0.025');
    expect(ex.queryOrder(A, { order_id: p })).toMatchObject({ ok: true, value: { status: 'open', fill_qty: '0.025' } });
    expectInvariant(ex);
  });
});
