import { describe, expect, it } from 'vitest';
import { A, B, C, D, expectInvariant, fund, limit, market, place, quiet, T0 } from '../test-support/engine-fixtures.js';

describe('balance and position figures', () => {
  it('computes every Balance field of a cross account (worked example)', () => {
    const ex = quiet();
    fund(ex, A, '100000');
    fund(ex, B, '100000');
    fund(ex, C, '100000');
    place(ex, A, limit('sell', '0.01', '95050'));
    place(ex, B, limit('sell', '0.015', '95100'));
    place(ex, C, limit('buy', '0.025', '95100'));
    // C: long 0.025, entry value 950.5 + 1426.5 = 2377; taker fee 2377 × 0.0004 = 0.9508.
    // mark = index = 95000 (the book has no bids, so no premium).
    // Resting buy 0.01 @ 94000: lock = 940 × (1/10 + 0.0004) × 1.01 = 95.31976.
    place(ex, C, limit('buy', '0.01', '94000'));
    expect(ex.queryBalance(C)).toEqual({
      isolated_balance: '0',
      isolated_upnl: '0',
      cross_balance: '99999.0492', // 100000 − 0.9508
      cross_margin: '237.7', // 2377 / 10
      cross_upnl: '-2', // 0.025 × 95000 − 2377
      locked: '95.31976',
      cross_available: '99664.02944', // 99999.0492 − 237.7 − 95.31976 + (−2)
      balance: '99999.0492', // cross_balance + isolated_balance
      upnl: '-2',
      equity: '99997.0492',
      pnl_freeze: '0',
      pnl_24h: '-0.9508', // decisions.md Leniency: realized PnL of 24 h (0) − fees 0.9508 + funding (none)
    });
    expect(ex.wallets(C)).toEqual({
      cash: { account_type: 'spot', token: 'DUSD', free: '0', locked: '0', total: '0' },
      // free = cash-backed free margin = min(cross_available, cross_balance − cross_margin − locked)
      perps: { account_type: 'perps', token: 'DUSD', free: '99664.02944', locked: '335.01976', total: '99999.0492' },
    });
    const pos = ex.queryPositions(C);
    expect(pos).toHaveLength(1);
    expect(pos[0]).toMatchObject({
      user: C, symbol: 'BTC-USD', status: 'open', qty: '0.025', leverage: '10', margin_mode: 'cross', margin_asset: 'DUSD',
      entry_price: '95080', entry_value: '2377', mark_price: '95000', position_value: '2375', initial_margin: '237.7',
      holding_margin: '237.7', maint_margin: '29.6875', mmr: '0.0125', realized_pnl: '0', upnl: '-2',
      required_margin: '237.5', // decisions.md Leniency: |qty| × mark / leverage = 2375 / 10 (initial_margin is at entry)
      // Cross: the whole cross balance backs the position, far below zero.
      bankruptcy_price: '0', liq_price: '0',
    });
    expect(Object.keys(pos[0] ?? {})).toEqual([
      'id', 'user', 'symbol', 'status', 'qty', 'leverage', 'margin_mode', 'margin_asset', 'entry_price', 'entry_value',
      'mark_price', 'position_value', 'initial_margin', 'holding_margin', 'maint_margin', 'mmr', 'bankruptcy_price',
      'liq_price', 'realized_pnl', 'upnl', 'required_margin', 'time', 'created_at', 'updated_at',
    ]);
    // Short side: B sold 0.015 @ 95100 (maker), qty is negative.
    expect(ex.queryPositions(B)[0]).toMatchObject({ qty: '-0.015', entry_price: '95100', upnl: '1.5' });
    expectInvariant(ex);
  });

  it('isolated position: margin, bankruptcy and liquidation prices (worked example)', () => {
    const ex = quiet();
    fund(ex, A, '100000');
    fund(ex, D, '1000');
    expect(ex.changeMarginMode(D, 'BTC-USD', 'isolated', T0).ok).toBe(true);
    expect(ex.changeLeverage(D, 'BTC-USD', 20, T0).ok).toBe(true);
    expect(ex.queryPositionConfig(D, 'BTC-USD')).toEqual({ ok: true, value: { symbol: 'BTC-USD', leverage: 20, margin_mode: 'isolated' } });
    place(ex, A, limit('sell', '0.1', '95000'));
    place(ex, D, market('buy', '0.1', { margin_mode: 'isolated', leverage: 20 }));
    // notional 9500 → isolated margin 9500 / 20 = 475; taker fee 3.8 from the cross wallet.
    expect(ex.queryPositions(D)[0]).toMatchObject({
      qty: '0.1', leverage: '20', margin_mode: 'isolated', entry_price: '95000', entry_value: '9500',
      initial_margin: '475', holding_margin: '475', maint_margin: '118.75', upnl: '0',
      bankruptcy_price: '90250', // (9500 − 475) / 0.1
      liq_price: '91392.405063291139240506', // (9500 − 475) / (0.1 × (1 − 0.0125))
    });
    expect(ex.queryBalance(D)).toMatchObject({
      isolated_balance: '475', isolated_upnl: '0', cross_balance: '521.2', cross_margin: '0', locked: '0',
      cross_available: '521.2', balance: '996.2', equity: '996.2',
    });
    // Margin transfers: add 100, remove at most what keeps margin ≥ initial margin.
    expect(ex.transferMargin(D, 'BTC-USD', '100', T0).ok).toBe(true);
    expect(ex.queryPositions(D)[0]).toMatchObject({ holding_margin: '575', bankruptcy_price: '89250' });
    expect(ex.transferMargin(D, 'BTC-USD', '-100.000000000000000001', T0)).toEqual({
      ok: false, code: 400, message: 'amount_in exceeds the removable isolated margin 100',
    });
    expect(ex.transferMargin(D, 'BTC-USD', '-100', T0).ok).toBe(true);
    expect(ex.transferMargin(D, 'BTC-USD', '521.200000000000000001', T0).ok).toBe(false);
    expect(ex.transferMargin(D, 'ETH-USD', '1', T0)).toEqual({ ok: false, code: 400, message: 'no isolated position in ETH-USD' });
    expectInvariant(ex);
  });

  it('realizes PnL on reduce and flip, closes the position at zero', () => {
    const ex = quiet();
    for (const u of [A, B, C]) fund(ex, u, '100000');
    place(ex, A, limit('sell', '0.02', '95000'));
    place(ex, C, market('buy', '0.02'));
    place(ex, B, limit('buy', '0.03', '95500'));
    place(ex, C, market('sell', '0.03'));
    // C: closes 0.02 at 95500 → +10 realized, then opens short 0.01 @ 95500.
    const trades = ex.queryTrades(C).result;
    expect(trades[0]).toMatchObject({ side: 'sell', price: '95500', qty: '0.03', value: '2865', pnl: '10', fee_qty: '1.146' });
    const pos = ex.queryPositions(C)[0];
    expect(pos).toMatchObject({ qty: '-0.01', entry_price: '95500', realized_pnl: '0' });
    expect(ex.queryBalance(C)).toMatchObject({ pnl_freeze: '10', cross_balance: '100008.094' }); // 100000 − 0.76 − 1.146 + 10
    place(ex, A, limit('sell', '0.01', '95000'));
    place(ex, C, limit('buy', '0.01', '95000'));
    expect(ex.queryPositions(C)).toEqual([]);
    expect(ex.queryTrades(C).result[0]).toMatchObject({ pnl: '5' });
    expectInvariant(ex);
  });

  it('leverage changes must leave margin available; margin mode only without position or orders', () => {
    const ex = quiet();
    fund(ex, A, '100000');
    fund(ex, D, '1000');
    expect(ex.changeLeverage(D, 'BTC-USD', 41, T0)).toEqual({ ok: false, code: 400, message: 'leverage must be an integer between 1 and 40' });
    expect(ex.changeLeverage(D, 'BTC-USD', 0, T0).ok).toBe(false);
    expect(ex.changeLeverage(D, 'BTC-USD', 2.5, T0).ok).toBe(false);
    expect(ex.changeLeverage(D, 'NOPE-USD', 2, T0)).toEqual({ ok: false, code: 400, message: 'unknown symbol: NOPE-USD' });
    expect(ex.changeLeverage(D, 'BTC-USD', 40, T0).ok).toBe(true);
    place(ex, A, limit('sell', '0.4', '95000'));
    place(ex, D, market('buy', '0.4'));
    // IM 38000 / 40 = 950; cross balance 1000 − 15.2 = 984.8.
    const before = ex.snapshot();
    expect(ex.changeLeverage(D, 'BTC-USD', 38, T0)).toEqual({ ok: false, code: 400, message: 'insufficient available margin for leverage 38' });
    expect(ex.snapshot()).toBe(before);
    expect(ex.changeLeverage(D, 'BTC-USD', 39, T0).ok).toBe(true); // IM 974.358974… ≤ 984.8
    expect(ex.queryPositions(D)[0]).toMatchObject({ leverage: '39', initial_margin: '974.358974358974358975' });
    expect(ex.changeMarginMode(D, 'BTC-USD', 'isolated', T0)).toEqual({
      ok: false, code: 400, message: 'cannot change margin mode while a position is open in BTC-USD',
    });
    expect(ex.changeMarginMode(D, 'BTC-USD', 'cross', T0).ok).toBe(true); // unchanged: accepted
    fund(ex, C, '1000');
    place(ex, C, limit('buy', '0.001', '91000'));
    expect(ex.changeMarginMode(C, 'BTC-USD', 'isolated', T0)).toEqual({
      ok: false, code: 400, message: 'cannot change margin mode while orders are open in BTC-USD',
    });
    expect(ex.changeMarginMode(C, 'ETH-USD', 'isolated', T0).ok).toBe(true);
    expect(ex.changeMarginMode(C, 'ETH-USD', 'hedge', T0)).toEqual({ ok: false, code: 400, message: 'margin_mode must be cross or isolated' });
    expectInvariant(ex);
  });
});

describe('wallets', () => {
  it('credits idempotently, transfers, reserves and settles withdrawals', () => {
    const ex = quiet();
    expect(ex.creditCash(A, '100.5', 'tx-1').ok).toBe(true);
    expect(ex.creditCash(A, '100.5', 'tx-1').ok).toBe(true); // same ref: credited once
    expect(ex.creditCash(B, '100.5', 'tx-1')).toEqual({ ok: false, code: 400, message: 'ref tx-1 was already used for a different credit' });
    expect(ex.creditCash(A, '0', 'tx-2')).toEqual({ ok: false, code: 400, message: 'amount must be positive' });
    expect(ex.creditCash(A, 1 as unknown as string, 'tx-3')).toEqual({ ok: false, code: 400, message: 'amount must be a decimal string' });
    expect(ex.wallets(A).cash).toEqual({ account_type: 'spot', token: 'DUSD', free: '100.5', locked: '0', total: '100.5' });
    expect(ex.transferToPerps(A, '100.6')).toEqual({ ok: false, code: 400, message: 'insufficient cash balance' });
    expect(ex.transferToPerps(A, '60').ok).toBe(true);
    expect(ex.transferToSpot(A, '60.1')).toEqual({ ok: false, code: 400, message: 'insufficient withdrawable perps balance' });
    expect(ex.transferToSpot(A, '10').ok).toBe(true);
    expect(ex.wallets(A)).toEqual({
      cash: { account_type: 'spot', token: 'DUSD', free: '50.5', locked: '0', total: '50.5' },
      perps: { account_type: 'perps', token: 'DUSD', free: '50', locked: '0', total: '50' },
    });
    expect(ex.reserveWithdraw(A, '20', 'w1').ok).toBe(true);
    expect(ex.reserveWithdraw(A, '40', 'w2')).toEqual({ ok: false, code: 400, message: 'insufficient cash balance' });
    expect(ex.reserveWithdraw(A, '1', 'w1')).toEqual({ ok: false, code: 400, message: 'withdraw ref w1 already exists' });
    expect(ex.wallets(A).cash).toEqual({ account_type: 'spot', token: 'DUSD', free: '30.5', locked: '20', total: '50.5' });
    expect(ex.reserveWithdraw(A, '5', 'w3').ok).toBe(true);
    expect(ex.settleWithdraw('w1').ok).toBe(true);
    expect(ex.settleWithdraw('w1')).toEqual({ ok: false, code: 400, message: 'withdraw w1 is already settled' });
    expect(ex.releaseWithdraw('w3').ok).toBe(true);
    expect(ex.releaseWithdraw('nope')).toEqual({ ok: false, code: 404, message: 'unknown withdraw ref nope' });
    expect(ex.wallets(A).cash).toEqual({ account_type: 'spot', token: 'DUSD', free: '30.5', locked: '0', total: '30.5' });
    expect(ex.ledger()).toMatchObject({ withdrawals: '20' });
    expectInvariant(ex);
  });

  it('creates vaults owned by an account', () => {
    const ex = quiet();
    const v = ex.createVault(A);
    expect(v).toMatch(/^cv_[0-9a-f]{16}$/);
    expect(ex.vaultOwner(v)).toBe(A);
    expect(ex.vaultsOf(A)).toEqual([v]);
    expect(ex.vaultOwner('cv_nope')).toBeUndefined();
    expect(ex.creditCash(v, '10', 'v-dep').ok).toBe(true);
    expect(ex.wallets(v).cash.free).toBe('10');
  });
});
