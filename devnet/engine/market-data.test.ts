import { describe, expect, it } from 'vitest';
import { Exchange } from './exchange.js';
import { A, B, fund, limit, market, place, quiet, T0 } from '../test-support/engine-fixtures.js';

const S = T0 / 1000;

describe('market data', () => {
  it('symbol info lists the four markets; BTC-USD carries the public docs sample parameters (decisions.md "Enums": symbol parameters [doc sample])', () => {
    const ex = new Exchange({ startTime: T0, makers: false, indexWalk: false, historyDays: 0 });
    const all = ex.symbolInfo();
    expect(all.ok && all.value.map((s) => s.symbol)).toEqual(['BTC-USD', 'ETH-USD', 'XAU-USD', 'XAG-USD']);
    const btc = ex.symbolInfo('BTC-USD');
    expect(btc.ok && btc.value[0]).toEqual({
      symbol: 'BTC-USD', base_asset: 'BTC', quote_asset: 'DUSD', base_decimals: 9, quote_decimals: 9, price_tick_decimals: 2,
      qty_tick_decimals: 3, depth_ticks: '0.01,0.1,1', enabled: true, def_leverage: '10', max_leverage: '20',
      max_open_orders: '100', max_order_qty: '100', min_order_qty: '0.001', max_position_size: '1000', price_cap_ratio: '0.3',
      price_floor_ratio: '0.3', maker_fee: '0.0001', taker_fee: '0.0004', created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
    });
    expect(ex.symbolInfo('NOPE')).toEqual({ ok: false, code: 400, message: 'unknown symbol: NOPE' });
  });

  it('prices, spread and recent trades', () => {
    const ex = quiet();
    fund(ex, A, '100000');
    fund(ex, B, '100000');
    const p0 = ex.symbolPrice('BTC-USD');
    expect(p0.ok && p0.value).toMatchObject({ index_price: '95000', mark_price: '95000', last_price: null, mid_price: null, spread_ask: null, spread_bid: null });
    place(ex, A, limit('buy', '0.01', '94999.9'));
    place(ex, B, limit('sell', '0.01', '95000'));
    const p1 = ex.symbolPrice('BTC-USD');
    expect(p1.ok && p1.value).toMatchObject({ mid_price: '94999.95', spread_bid: '94999.9', spread_ask: '95000' });
    place(ex, B, market('sell', '0.01'), T0 + 1000);
    const m = ex.symbolMarket('BTC-USD');
    expect(m.ok && m.value).toMatchObject({
      last_price: '94999.9', high_price_24h: '94999.9', low_price_24h: '94999.9', volume_24h: '0.01', open_interest: '0.01',
      spread: ['0', '95000'], funding_rate: '0.0000125', time: '2025-01-01T00:00:01.000Z',
    });
    const o = ex.marketOverview();
    expect(o.summary).toEqual({ open_interest_notional: '950', symbol_count: 4, volume_quote_24h: '949.999' });
    expect(o.symbols[0]).toMatchObject({ symbol: 'BTC-USD', price_change_pct: 0, volume_quote_24h: '949.999', open_interest_notional: '950' });
  });

  it('builds candles from trades for every resolution, gap-filled from a minute up', () => {
    const ex = quiet();
    fund(ex, A, '100000');
    fund(ex, B, '100000');
    const trade = (at: number, price: string, qty: string) => {
      place(ex, A, limit('sell', qty, price), T0 + at);
      place(ex, B, market('buy', qty), T0 + at);
    };
    trade(10_000, '95000', '0.01');
    trade(20_000, '95100', '0.02');
    trade(70_000, '94900', '0.01');
    trade(190_000, '95200', '0.005');
    ex.advance(T0 + 200_000);
    const one = ex.klineHistory('BTC-USD', S, S + 600, '1');
    expect(one).toEqual({
      ok: true,
      value: {
        s: 'ok', t: [S, S + 60, S + 120, S + 180], o: [95000, 94900, 94900, 95200], h: [95100, 94900, 94900, 95200],
        l: [95000, 94900, 94900, 95200], c: [95100, 94900, 94900, 95200], v: [0.03, 0.01, 0, 0.005],
      },
    });
    const tick = ex.klineHistory('BTC-USD', S, S + 600, '1T');
    expect(tick.ok && tick.value.t).toEqual([S + 10, S + 20, S + 70, S + 190]);
    const three = ex.klineHistory('BTC-USD', S, S + 600, '3S');
    expect(three.ok && three.value.t).toEqual([S + 9, S + 18, S + 69, S + 189]);
    const five = ex.klineHistory('BTC-USD', S, S + 600, '5');
    expect(five.ok && five.value).toMatchObject({ t: [S], o: [95000], h: [95200], l: [94900], c: [95200], v: [0.045] });
    const back = ex.klineHistory('BTC-USD', 0, S + 150, '1', 2);
    expect(back.ok && back.value.t).toEqual([S + 60, S + 120]);
    for (const res of ['15', '60', '1D', '1W', '1M']) {
      const r = ex.klineHistory('BTC-USD', S - 40 * 86400, S + 600, res);
      expect(r.ok && r.value.s).toBe('ok');
      expect(r.ok && r.value.c?.at(-1)).toBe(95200);
    }
    const w = ex.klineHistory('BTC-USD', 0, S + 600, '1W');
    expect(w.ok && w.value.t).toEqual([S - 2 * 86400]); // 2025-01-01 is a Wednesday; weeks open on Monday
    const mo = ex.klineHistory('BTC-USD', 0, S + 600, '1M');
    expect(mo.ok && mo.value.t).toEqual([S]);
    expect(ex.klineHistory('BTC-USD', 0, S - 1, '1')).toEqual({ ok: true, value: { s: 'no_data', t: [], c: [], o: [], h: [], l: [], v: [] } });
    expect(ex.klineHistory('BTC-USD', 0, S, '2')).toEqual({ ok: false, code: 400, message: 'invalid resolution: 2 (one of 1T, 3S, 1, 5, 15, 60, 1D, 1W, 1M)' });
  });

  it('makers keep both sides quoted and trade from the first seconds; synthetic history fills charts', () => {
    const ex = new Exchange({ startTime: T0 });
    for (const sym of ex.symbols()) {
      const d = ex.depthBook(sym);
      expect(d.ok && d.value.asks.length).toBeGreaterThanOrEqual(20);
      expect(d.ok && d.value.bids.length).toBeGreaterThanOrEqual(20);
    }
    ex.advance(T0 + 30_000);
    const r = ex.recentTrades('ETH-USD');
    expect(r.ok && r.value.length).toBeGreaterThan(3);
    const k = ex.klineHistory('BTC-USD', S - 3 * 86400, S + 30, '60');
    expect(k.ok && k.value.t?.length).toBeGreaterThanOrEqual(72);
    const info = ex.symbolPrice('XAG-USD');
    expect(info.ok && Number(info.value.index_price)).toBeGreaterThan(25);
    const bk = ex.depthBook('BTC-USD');
    if (bk.ok) {
      const bestBid = Math.max(...bk.value.bids.map((l) => Number(l[0])));
      const bestAsk = Math.min(...bk.value.asks.map((l) => Number(l[0])));
      expect(bestBid).toBeLessThan(bestAsk);
    }
    expect(ex.moneyInvariant().ok).toBe(true);
  });
});
