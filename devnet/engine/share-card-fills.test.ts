// The PnL share card of a closing fill (src/lib/share-card.ts) on fills the engine made: a flip's
// realized PnL is on its closed part only, so its entry and ROE must be worked out on that part —
// found from the position now walked back over the later fills of the symbol.
import { describe, expect, it } from 'vitest';
import { closedCardLeverage, closedPartOf, closedQtyOfFill, closedTradeCard, type FillReader } from '../../src/lib/share-card';
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
    const later = trades.filter((t) => t.id > flip.id);
    const closed = closedQtyOfFill(flip, position.qty, later);
    expect(closed.toFixed()).toBe('0.1');
    const card = closedTradeCard(flip, 10, btc, closed);
    // margin of what closed: 0.1 × 95 000 / 10 = 950; 100 / 950 = 10.53 %
    expect(card).toMatchObject({ side: 'long', entry: '95,000.0', price: '96,000.0', pnl: '+100.00', roe: '+10.53%' });
  });

  it('a plain partial close and the fill that opened: closed part = the whole fill / nothing', () => {
    const { ex, trades } = flipHistory();
    const position = ex.queryPositions(D, 'BTC-USD')[0]!;
    const [open, , buyBack] = trades;
    expect(closedQtyOfFill(buyBack!, position.qty, []).toFixed()).toBe('0.05');
    expect(closedQtyOfFill(open!, position.qty, trades.slice(1)).toFixed()).toBe('0');
  });

  it('Trade history’s Share reads the closed part from the service: the flip’s 0.1, a later fill’s whole 0.05', async () => {
    const { ex, trades } = flipHistory();
    // The app's own reads, answered by this engine (the same JSON the service sends).
    const user: FillReader = {
      queryTrades: (q) => Promise.resolve(ex.queryTrades(D, q)),
      queryPositions: (symbol) => Promise.resolve(ex.queryPositions(D, symbol)),
    };
    expect((await closedPartOf(user, trades[1]!))?.toFixed()).toBe('0.1');
    expect((await closedPartOf(user, trades[2]!))?.toFixed()).toBe('0.05');
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
