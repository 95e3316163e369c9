import { describe, expect, it } from 'vitest';
import { A, B, C, expectInvariant, fund, limit, market, place, quiet, T0 } from '../test-support/engine-fixtures.js';
import type { NewOrderParams } from './validation.js';
import { DEFAULT_SYMBOLS } from './symbols.js';

function setup() {
  const ex = quiet();
  fund(ex, A, '10000');
  fund(ex, B, '100000');
  fund(ex, C, '50');
  place(ex, B, limit('sell', '0.02', '95000'));
  // A: long 0.02 with a TP/SL pair (counts once towards reduce-only headroom).
  place(ex, A, market('buy', '0.02', { tp_price: '97000', sl_price: '93000' }));
  place(ex, A, limit('buy', '0.001', '94000', { cl_ord_id: 'dup' }));
  return ex;
}

describe('new_order validation', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['unknown symbol', { symbol: 'DOGE-USD' }, 'unknown symbol: DOGE-USD'],
    ['missing symbol', { symbol: '' }, 'symbol is required'],
    ['bad side', { side: 'long' }, 'side must be buy or sell'],
    ['bad order type', { order_type: 'stop' }, 'order_type must be limit or market'],
    ['bad tif', { time_in_force: 'fok' }, 'time_in_force must be gtc, ioc or alo'],
    ['reduce_only not boolean', { reduce_only: 'yes' }, 'reduce_only must be a boolean'],
    ['qty as float', { qty: 0.01 }, 'qty must be a decimal string'],
    ['qty exponent', { qty: '1e-2' }, 'qty must be a plain decimal string such as "1.5" (got "1e-2")'],
    ['qty off tick', { qty: '0.0105' }, 'qty must be a multiple of the qty tick 0.001'],
    ['qty zero', { qty: '0' }, 'qty must be positive'],
    ['qty above max', { qty: '100.001' }, 'qty is above max_order_qty 100'],
    ['missing price', { price: undefined }, 'price is required for limit orders'],
    ['price off tick', { price: '95000.05' }, 'price must be a multiple of the price tick 0.1'],
    ['price zero', { price: '0' }, 'price must be positive'],
    ['price above cap', { price: '99750.1' }, 'price is above the price cap 99750 (mark × (1 + 0.05))'],
    ['price below floor', { price: '90249.9' }, 'price is below the price floor 90250 (mark × (1 − 0.05))'],
    ['alo market', { order_type: 'market', time_in_force: 'alo' }, 'time_in_force alo is not allowed for market orders'],
    ['duplicate cl_ord_id', { cl_ord_id: 'dup' }, 'duplicate cl_ord_id: dup is already used by a live order'],
    ['bad cl_ord_id', { cl_ord_id: 'has space' }, 'cl_ord_id must be 1-64 characters of letters, digits, _ . : -'],
    ['margin mode mismatch', { margin_mode: 'isolated' }, 'margin_mode isolated does not match the position config (cross)'],
    ['bad margin mode', { margin_mode: 'portfolio' }, 'margin_mode must be cross or isolated'],
    ['leverage mismatch', { leverage: 20 }, 'leverage 20 does not match the position config (10)'],
    ['leverage not int', { leverage: 10.5 }, 'leverage must be an integer'],
    ['tp on wrong side', { tp_price: '94000' }, 'tp_price must be above the order price for a buy order'],
    ['sl on wrong side', { sl_price: '96000' }, 'sl_price must be below the order price for a buy order'],
    ['tp off tick', { tp_price: '96000.01' }, 'tp_price must be a multiple of the price tick 0.1'],
    ['sell tp wrong side', { side: 'sell', tp_price: '96000' }, 'tp_price must be below the order price for a sell order'],
    ['market tp vs mark', { order_type: 'market', price: undefined, sl_price: '95000' }, 'sl_price must be below the mark price for a buy order'],
    ['insufficient margin', { qty: '1.1' }, 'insufficient available margin'],
    ['reduce_only with tp', { reduce_only: true, side: 'sell', tp_price: '94000' }, 'tp_price/sl_price are not allowed on reduce_only orders'],
    ['reduce_only same side', { reduce_only: true, side: 'buy' }, 'reduce_only order has no position to reduce'],
    // Position 0.02, the TP/SL pair pending 0.02 → headroom 0.
    ['reduce_only headroom', { reduce_only: true, side: 'sell', qty: '0.001' }, 'reduce_only qty exceeds the position headroom 0 (position minus pending reduce_only orders)'],
  ];

  it.each(cases)('%s → 400 and nothing changes', (_name, patch, message) => {
    const ex = setup();
    const before = ex.snapshot();
    const p = { ...limit('buy', '0.01', '95000'), ...patch } as NewOrderParams;
    expect(ex.newOrder(A, p, T0 + 1)).toEqual({ ok: false, code: 400, message });
    expect(ex.snapshot()).toBe(before);
  });

  it('insufficient margin for a small account changes nothing, market orders are checked at mark', () => {
    const ex = setup();
    const before = ex.snapshot();
    expect(ex.newOrder(C, limit('buy', '0.01', '95000'), T0)).toEqual({ ok: false, code: 400, message: 'insufficient available margin' });
    expect(ex.newOrder(C, market('sell', '0.01'), T0)).toEqual({ ok: false, code: 400, message: 'insufficient available margin' });
    expect(ex.newOrder('bsc_0xnobody', market('sell', '0.001'), T0)).toEqual({ ok: false, code: 400, message: 'insufficient available margin' });
    expect(ex.snapshot()).toBe(before);
    // 0.005 @ 95000 at 10x: 475 × 0.1004 × 1.01 = 48.16795 ≤ 50.
    expect(ex.newOrder(C, limit('buy', '0.005', '95000'), T0).ok).toBe(true);
  });

  it('max_position_size counts the current position', () => {
    const symbols = DEFAULT_SYMBOLS.map((s) => (s.symbol === 'BTC-USD' ? { ...s, maxPositionSize: '0.03' } : s));
    const ex = quiet({ symbols });
    fund(ex, A, '10000');
    fund(ex, B, '10000');
    place(ex, B, limit('sell', '0.02', '95000'));
    place(ex, A, market('buy', '0.02'));
    const before = ex.snapshot();
    expect(ex.newOrder(A, limit('buy', '0.011', '95000'), T0 + 1)).toEqual({
      ok: false, code: 400, message: 'resulting position would exceed max_position_size 0.03',
    });
    expect(ex.snapshot()).toBe(before);
    expect(ex.newOrder(A, limit('buy', '0.01', '95000'), T0 + 1).ok).toBe(true);
    // Selling through zero is measured the same way: −0.031 is too large.
    expect(ex.newOrder(A, limit('sell', '0.061', '95000'), T0 + 1).ok).toBe(false);
  });

  it('too many open orders', () => {
    const ex = quiet();
    fund(ex, A, '100000');
    for (let i = 0; i < 200; i++) place(ex, A, limit('buy', '0.001', String(91000 + i)));
    const before = ex.snapshot();
    expect(ex.newOrder(A, limit('buy', '0.001', '92000'), T0)).toEqual({ ok: false, code: 400, message: 'too many open orders in BTC-USD (max 200)' });
    expect(ex.snapshot()).toBe(before);
  });

  it('reduce-only headroom counts other pending reduce-only orders', () => {
    const ex = quiet();
    fund(ex, A, '10000');
    fund(ex, B, '10000');
    place(ex, B, limit('sell', '0.02', '95000'));
    place(ex, A, market('buy', '0.02'));
    place(ex, A, limit('sell', '0.015', '96000', { reduce_only: true }));
    expect(ex.newOrder(A, limit('sell', '0.006', '96000', { reduce_only: true }), T0)).toEqual({
      ok: false, code: 400, message: 'reduce_only qty exceeds the position headroom 0.005 (position minus pending reduce_only orders)',
    });
    const id = place(ex, A, market('sell', '0.005', { reduce_only: true }));
    // No bids: the market reduce-only order is canceled unfilled; the resting one is still there.
    expect(ex.queryOrder(A, { order_id: id })).toMatchObject({ ok: true, value: { status: 'canceled', fill_qty: '0' } });
    expect(ex.queryOpenOrders(A).total).toBe(1);
    // Reduce-only orders lock no margin.
    expect(ex.queryBalance(A).locked).toBe('0');
    expectInvariant(ex);
  });
});
