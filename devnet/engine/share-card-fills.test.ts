// The PnL share card of a closing fill (src/lib/share-card.ts) on fills the engine made: a flip's
// realized PnL is on its closed part only, so its entry and ROE must be worked out on that part —
// found from the position now walked back over the later fills of the symbol.
import { describe, expect, it } from 'vitest';
import { dec } from '../../src/lib/decimal';
import { closedCardLeverage, closedTradeCard } from '../../src/lib/share-card';
import { closedPartsOf, closedQtysOf, readClosedOrderCard, type CardReader, type FillReader } from '../../src/lib/share-card-order';
import { order } from '../test-support/engine-fixtures.js';
import { A, B, D, fund, limit, market, place, quiet, T0 } from '../test-support/engine-fixtures.js';

const btc = { price: 1 };

function flipHistory() {
  const ex = quiet();
  fund(ex, A, '100000');
  fund(ex, B, '100000');
  fund(ex, D, '100000');
  // D: long 0.1 at 95000 (10×)
  place(ex, A, limit('sell', '0.1', '95000'));
  place(ex, D, market('buy', '0.1'));
  // flip: sell 0.3 at 96000 closes the 0.1 (pnl +100) and opens 0.2 short
  ex.setIndexPrice('BTC-USD', '96000', T0 + 1);
  place(ex, B, limit('buy', '0.3', '96000'), T0 + 2);
  place(ex, D, market('sell', '0.3'), T0 + 3);
  // later: buy 0.05 back at 96000 (the short is now 0.15)
  place(ex, A, limit('sell', '0.05', '96000'), T0 + 4);
  place(ex, D, market('buy', '0.05'), T0 + 5);
  const trades = [...ex.queryTrades(D, { limit: 500 }).result].sort((a, b) => a.id - b.id);
  return { ex, trades };
}

describe('share card of a fill the engine made', () => {
  it('a flip (long 0.1 from 95 000, sold 0.3 at 96 000, pnl +100): entry 95 000 and ROE on the 0.1 closed, +10.53 % at 10×', () => {
    const { ex, trades } = flipHistory();
    const flip = trades[1]!;
    expect([flip.side, flip.qty, flip.pnl]).toEqual(['sell', '0.3', '100']);
    const position = ex.queryPositions(D, 'BTC-USD')[0]!;
    expect(position.qty).toBe('-0.15');
    // The fills from now back to the flip, newest first: the later buy-back, then the flip.
    const newestFirst = trades.filter((t) => t.id >= flip.id).reverse();
    const closed = closedQtysOf(position.qty, newestFirst, new Set([flip.id])).get(flip.id)!;
    expect(closed.toFixed()).toBe('0.1');
    const card = closedTradeCard(flip, 10, btc, closed);
    // margin of what closed: 0.1 × 95 000 / 10 = 950; 100 / 950 = 10.53 %
    expect(card).toMatchObject({ side: 'long', entry: '95,000.0', price: '96,000.0', pnl: '+100.00', roe: '+10.53%' });
  });

  it('a plain partial close and the fill that opened: closed part = the whole fill / nothing', () => {
    const { ex, trades } = flipHistory();
    const position = ex.queryPositions(D, 'BTC-USD')[0]!;
    const [open, , buyBack] = trades;
    const one = (fill: { id: number }) => closedQtysOf(position.qty, trades.filter((t) => t.id >= fill.id).reverse(), new Set([fill.id])).get(fill.id)?.toFixed();
    expect(one(buyBack!)).toBe('0.05');
    expect(one(open!)).toBe('0');
    // Both at once, in one walk back over the symbol's fills.
    const both = closedQtysOf(position.qty, [...trades].reverse(), new Set([open!.id, buyBack!.id]));
    expect([both.get(open!.id)?.toFixed(), both.get(buyBack!.id)?.toFixed()]).toEqual(['0', '0.05']);
  });

  it('Trade history’s Share reads the closed part from the service: the flip’s 0.1, a later fill’s whole 0.05', async () => {
    const { ex, trades } = flipHistory();
    // The app's own reads, answered by this engine (the same JSON the service sends).
    const user: FillReader = {
      queryTrades: (q) => Promise.resolve(ex.queryTrades(D, q)),
      queryPositions: (symbol) => Promise.resolve(ex.queryPositions(D, symbol)),
    };
    const partOf = async (fill: { id: number }) => (await closedPartsOf(user, 'BTC-USD', new Set([fill.id])))?.get(fill.id)?.toFixed();
    expect(await partOf(trades[1]!)).toBe('0.1');
    expect(await partOf(trades[2]!)).toBe('0.05');
  });

  it('leverage: the closing order’s own (20×), not the setting changed since (5×): +50 % ROE, not +12.5 %', () => {
    const ex = quiet();
    fund(ex, A, '100000');
    fund(ex, D, '100000');
    ex.changeLeverage(D, 'BTC-USD', 20, T0);
    place(ex, A, limit('sell', '0.1', '95000'));
    place(ex, D, market('buy', '0.1'));
    ex.setIndexPrice('BTC-USD', '97375', T0 + 1);
    place(ex, A, limit('buy', '0.1', '97375'), T0 + 2);
    place(ex, D, market('sell', '0.1'), T0 + 3); // pnl 0.1 × 2375 = 237.5 on 0.1 × 95000 / 20 = 475 margin
    ex.changeLeverage(D, 'BTC-USD', 5, T0 + 4); // the trader's setting since
    const close = [...ex.queryTrades(D, { limit: 500 }).result].sort((a, b) => a.id - b.id)[1]!;
    expect(close.pnl).toBe('237.5');
    const setting = ex.queryPositionConfig(D, 'BTC-USD');
    expect(setting).toMatchObject({ ok: true, value: { leverage: 5 } });
    const lev = closedCardLeverage(order(ex, D, close.order_id), setting.ok ? setting.value.leverage : undefined);
    const card = closedTradeCard(close, lev.value, btc, undefined, lev.is);
    expect(card).toMatchObject({ leverage: '20', leverageIs: 'order', roe: '+50.00%', entry: '95,000.0' });
  });
});

// Issue 32: one closing order that fills at several prices is one trade. Its card sums the PnL of all
// the order's fills and exits at their volume-weighted average price, whichever of its rows was shared.
const places = { price: 1, qty: 3 };

/** The app's reads (api.user), answered by this engine with the JSON the service sends; `fail` names reads that throw. */
function readerOf(ex: ReturnType<typeof quiet>, user: string, fail: readonly ('order' | 'trades')[] = []): CardReader {
  const unwrap = <T,>(r: { ok: true; value: T } | { ok: false; message: string }): T => {
    if (!r.ok) throw new Error(r.message);
    return r.value;
  };
  return {
    queryTrades: (q) => (fail.includes('trades') ? Promise.reject(new Error('HTTP 503')) : Promise.resolve(ex.queryTrades(user, q))),
    queryPositions: (symbol) => Promise.resolve(ex.queryPositions(user, symbol)),
    queryOrder: (q) => (fail.includes('order') ? Promise.reject(new Error('HTTP 503')) : Promise.resolve(unwrap(ex.queryOrder(user, q)))),
    queryPositionConfig: (symbol) => Promise.resolve(unwrap(ex.queryPositionConfig(user, symbol))),
  };
}

/** D long `qty` from 95 000, then one market sell of `sell` that sweeps the bids B rests ([qty, price]). */
function sweep(qty: string, bids: readonly (readonly [string, string])[], sell = qty) {
  const ex = quiet();
  for (const u of [A, B, D]) fund(ex, u, '100000');
  place(ex, A, limit('sell', qty, '95000'));
  place(ex, D, market('buy', qty));
  ex.setIndexPrice('BTC-USD', '96000', T0 + 1);
  for (const [q, price] of bids) place(ex, B, limit('buy', q, price), T0 + 2);
  const closeId = place(ex, D, market('sell', sell), T0 + 3);
  // Newest first, as Trade history holds them.
  const rows = ex.queryTrades(D, { limit: 500 }).result;
  return { ex, closeId, rows, closing: rows.filter((t) => t.order_id === closeId) };
}

/** D long 0.3 closed by one market sell over three bids: 0.1 at 96 000, 0.15 at 95 950, 0.05 at 95 900.1. */
const sweepHistory = () => sweep('0.3', [['0.1', '96000'], ['0.15', '95950'], ['0.05', '95900.1']]);

describe('share card of a closing order that filled at several prices', () => {
  it('a market sell sweeping 3 levels: one card, PnL the sum (+287.505 → +287.51), exit the VWAP 95 958.35 → 95,958.4, 0.300 closed, from any of its rows', async () => {
    const { ex, closeId, rows, closing } = sweepHistory();
    expect(closing.map((t) => [t.price, t.qty, t.pnl])).toEqual([
      ['95900.1', '0.05', '45.005'],
      ['95950', '0.15', '142.5'],
      ['96000', '0.1', '100'],
    ]);
    const leverage = order(ex, D, closeId).leverage;
    for (const row of closing) {
      const card = await readClosedOrderCard(readerOf(ex, D), row, rows, places);
      expect(card).toMatchObject({
        kind: 'closed',
        side: 'long',
        pnl: '+287.51',
        price: '95,958.4',
        entry: '95,000.0',
        qty: '0.300',
        leverage,
        leverageIs: 'order',
        cover: { whole: true, fills: 3 },
      });
      // ROE on the margin of all that closed: 0.3 × 95 000 / leverage.
      const margin = dec('0.3').times('95000').div(leverage);
      expect(card?.roe).toBe(`+${dec('287.505').div(margin).times(100).toFixed(2, 4)}%`);
    }
  });

  it('the order’s fills beyond the loaded pages are read from the service: 1 row loaded, the card still sums all 3', async () => {
    const { ex, closing } = sweepHistory();
    const card = await readClosedOrderCard(readerOf(ex, D), closing[0]!, [closing[0]!], places);
    expect(card).toMatchObject({ pnl: '+287.51', price: '95,958.4', qty: '0.300', cover: { whole: true, fills: 3 } });
  });

  it('the fills cannot be read: the card sums the loaded 2 and says it is 0.200 of the order’s 0.300, never the whole', async () => {
    const { ex, closing } = sweepHistory();
    const loaded = closing.slice(0, 2);
    const card = await readClosedOrderCard(readerOf(ex, D, ['trades']), loaded[0]!, loaded, places);
    // 45.005 + 142.5 over 0.2 closed; exit (0.05 × 95 900.1 + 0.15 × 95 950) / 0.2 = 95 937.525
    expect(card).toMatchObject({ pnl: '+187.51', price: '95,937.5', qty: '0.200', entry: '95,000.0', cover: { whole: false, fills: 2, orderFilled: '0.300' } });
    // All 3 loaded: they come to the order's 0.300, so the card is the whole trade after all.
    const all = await readClosedOrderCard(readerOf(ex, D, ['trades']), loaded[0]!, closing, places);
    expect(all).toMatchObject({ pnl: '+287.51', price: '95,958.4', cover: { whole: true, fills: 3 } });
  });

  it('the order cannot be read either: the loaded fills, said to be perhaps not all (orderFilled null), ROE at the setting', async () => {
    const { ex, closing } = sweepHistory();
    const card = await readClosedOrderCard(readerOf(ex, D, ['order']), closing[0]!, closing.slice(0, 2), places);
    expect(card).toMatchObject({ pnl: '+187.51', leverageIs: 'setting', cover: { whole: false, fills: 2, orderFilled: null } });
  });

  it('an order that flips (long 0.1, sold 0.3 over 3 levels): the card is of the 0.1 that closed — pnl 97.5, exit 95 975 — entry 95 000', async () => {
    const { ex, rows, closing } = sweep('0.1', [['0.05', '96000'], ['0.1', '95950'], ['0.15', '95900']], '0.3');
    // 0.05 at 96 000 closes (+50); 0.1 at 95 950 closes 0.05 (+47.5) and opens 0.05; 0.15 at 95 900 opens.
    expect(closing.map((t) => t.pnl)).toEqual(['0', '47.5', '50']);
    const card = await readClosedOrderCard(readerOf(ex, D), closing.at(-1)!, rows, places);
    expect(card).toMatchObject({ pnl: '+97.50', price: '95,975.0', entry: '95,000.0', qty: '0.100', cover: { whole: true, fills: 3 } });
  });
});
