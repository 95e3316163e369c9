import { describe, expect, it } from 'vitest';
import { HOUSE } from './state.js';
import { A, B, C, D, expectInvariant, fund, limit, market, place, quiet, record, T0 } from '../test-support/engine-fixtures.js';

describe('liquidation', () => {
  it('isolated: liquidated below the liquidation price, at the bankruptcy price, orders canceled', () => {
    const ex = quiet();
    fund(ex, A, '100000');
    fund(ex, D, '1000');
    ex.changeMarginMode(D, 'BTC-USD', 'isolated', T0);
    ex.changeLeverage(D, 'BTC-USD', 20, T0);
    place(ex, A, limit('sell', '0.1', '95000'));
    place(ex, D, market('buy', '0.1', { sl_price: '80000' }));
    const resting = place(ex, D, limit('buy', '0.001', '91000'));
    // liq price 91392.405…: at 91400, margin + upnl = 475 + (9140 − 9500) = 115 ≥ maint 114.25.
    ex.setIndexPrice('BTC-USD', '91400', T0 + 1000);
    expect(ex.queryPositions(D)).toHaveLength(1);
    const events = record(ex);
    ex.setIndexPrice('BTC-USD', '91390', T0 + 2000); // 475 − 361 = 114 < 114.2375
    expect(ex.queryPositions(D)).toEqual([]);
    const t = ex.queryTrades(D).result[0];
    expect(t).toMatchObject({ side: 'sell', price: '90250', qty: '0.1', value: '9025', fee_qty: '0', pnl: '-475' });
    const liq = ex.queryOrder(D, { order_id: t?.order_id ?? 0 });
    expect(liq.ok && liq.value).toMatchObject({
      source: 'liquidation', remark: 'liquidation', status: 'filled', liq_id: 1, order_type: 'market', reduce_only: true,
      fill_avg_price: '90250',
      // decisions.md "Order records": the liquidation's market order shows the limit it had, the
      // bankruptcy price it was booked at (not "0").
      price: '90250',
    });
    expect(ex.queryOrder(D, { order_id: resting })).toMatchObject({ ok: true, value: { status: 'canceled', remark: 'liquidation' } });
    expect(ex.queryOpenOrders(D).total).toBe(0); // the SL child went too
    // The trader keeps the cross wallet: 1000 − 475 − 3.8.
    expect(ex.queryBalance(D)).toMatchObject({ cross_balance: '521.2', isolated_balance: '0', locked: '0' });
    // The house took the position over at 90250.
    expect(ex.queryPositions(HOUSE)[0]).toMatchObject({ qty: '0.1', entry_price: '90250' });
    expect(events.some((e) => e.type === 'position' && e.user === D && e.position.status === 'closed')).toBe(true);
    expect(events.some((e) => e.type === 'trade' && e.user === D)).toBe(true);
    expectInvariant(ex);
    // The house unwinds into the book as soon as there is liquidity.
    fund(ex, B, '100000');
    place(ex, B, limit('buy', '0.1', '91300'), T0 + 3000);
    ex.advance(T0 + 4000);
    expect(ex.queryPositions(HOUSE)).toEqual([]);
    expect(ex.queryPositions(B)[0]).toMatchObject({ qty: '0.1' });
    expectInvariant(ex);
  });

  it('cross: the account is closed out at the bankruptcy price and ends at zero', () => {
    const ex = quiet();
    fund(ex, A, '100000');
    fund(ex, D, '1000');
    ex.changeLeverage(D, 'BTC-USD', 40, T0);
    place(ex, A, limit('sell', '0.4', '95000'));
    place(ex, D, market('buy', '0.4'));
    // cross balance 1000 − 15.2 = 984.8; liq = (38000 − 984.8) / (0.4 × 0.9875) = 93709.367…; bankruptcy 92538.
    expect(ex.queryPositions(D)[0]).toMatchObject({
      bankruptcy_price: '92538', liq_price: '93709.367088607594936709', initial_margin: '950', maint_margin: '475',
    });
    ex.setIndexPrice('BTC-USD', '93710', T0 + 1000);
    expect(ex.queryPositions(D)).toHaveLength(1);
    ex.setIndexPrice('BTC-USD', '93700', T0 + 2000);
    expect(ex.queryPositions(D)).toEqual([]);
    expect(ex.queryTrades(D).result[0]).toMatchObject({ price: '92538', pnl: '-984.8', value: '37015.2' });
    expect(ex.queryBalance(D)).toMatchObject({ cross_balance: '0', equity: '0' });
    expectInvariant(ex);
  });

  it('a gap through the bankruptcy price is absorbed by the insurance fund', () => {
    const ex = quiet();
    fund(ex, A, '100000');
    fund(ex, D, '1000');
    ex.changeLeverage(D, 'BTC-USD', 40, T0);
    place(ex, A, limit('sell', '0.4', '95000'));
    place(ex, D, market('buy', '0.4'));
    const insuranceBefore = ex.ledger().insurance;
    ex.setIndexPrice('BTC-USD', '80000', T0 + 1000);
    expect(ex.queryPositions(D)).toEqual([]);
    expect(ex.queryBalance(D).cross_balance).toBe('0');
    // House bought at 92538 while mark is 80000: the loss sits in the insurance account's upnl.
    expect(ex.ledger().insurance).toBe(insuranceBefore);
    expect(ex.queryPositions(HOUSE)[0]).toMatchObject({ qty: '0.4', upnl: '-5015.2' });
    expectInvariant(ex);
  });

  it('the house unwinds what it inherited near the mark, never into a far bid of a thin book', () => {
    const ex = quiet();
    fund(ex, A, '100000');
    fund(ex, B, '100000');
    fund(ex, C, '100000');
    fund(ex, D, '1000');
    ex.changeLeverage(D, 'BTC-USD', 40, T0);
    place(ex, A, limit('sell', '0.4', '95000'));
    place(ex, D, market('buy', '0.4'));
    ex.setIndexPrice('BTC-USD', '93700', T0 + 1000); // D liquidated at 92538, the house is long 0.4
    expect(ex.queryPositions(HOUSE)[0]).toMatchObject({ qty: '0.4', entry_price: '92538' });
    place(ex, B, limit('buy', '0.4', '90300'), T0 + 1500); // far below: mark × (1 − mmr) = 92528.75
    ex.advance(T0 + 3000);
    expect(ex.queryPositions(HOUSE)[0]).toMatchObject({ qty: '0.4' });
    expect(ex.queryPositions(B)).toEqual([]);
    place(ex, C, limit('buy', '0.4', '93600'), T0 + 3500);
    ex.advance(T0 + 5000);
    expect(ex.queryPositions(HOUSE)).toEqual([]);
    expect(ex.queryPositions(C)[0]).toMatchObject({ qty: '0.4', entry_price: '93600' });
    expectInvariant(ex);
  });

  it('when the fund cannot bear a gap, the most profitable opposite positions are deleveraged at the bankruptcy price', () => {
    const ex = quiet({ insuranceFund: '100' });
    fund(ex, A, '100000');
    fund(ex, B, '100000');
    fund(ex, D, '1000');
    ex.changeLeverage(D, 'BTC-USD', 40, T0);
    ex.changeLeverage(A, 'BTC-USD', 20, T0);
    place(ex, A, limit('sell', '0.3', '95000'));
    place(ex, B, limit('sell', '0.1', '95000'));
    place(ex, D, market('buy', '0.4')); // D long 0.4 at 95000; A short 0.3 (20×), B short 0.1 (10×)
    ex.setIndexPrice('BTC-USD', '80000', T0 + 1000); // through D's bankruptcy price 92538: the fund would lose 5015.2
    expect(ex.queryPositions(D)).toEqual([]);
    expect(ex.queryPositions(HOUSE)).toEqual([]);
    // A ranks first (more profit per unit of margin), then B; both closed at 92538.
    expect(ex.queryPositions(A)).toEqual([]);
    expect(ex.queryPositions(B)).toEqual([]);
    const adl = ex.queryOrders(A, { limit: 10 }).result.find((o) => o.source === 'adl');
    expect(adl).toMatchObject({ status: 'filled', fill_qty: '0.3', fill_avg_price: '92538', remark: 'auto-deleveraging', reduce_only: true });
    expect(ex.queryTrades(B).result[0]).toMatchObject({ price: '92538', qty: '0.1', pnl: '246.2' });
    expect(ex.queryBalance(HOUSE).equity).toBe('100');
    expectInvariant(ex);
  });
});
