import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Exchange } from './exchange.js';
import { HOUSE } from './state.js';
import { A, B, C, expectInvariant, fund, limit, market, place, quiet, T0 } from '../test-support/engine-fixtures.js';

/** Cash + perps equity (balance + upnl at mark) of an account, as a Decimal. */
function worth(ex: Exchange, user: string): Decimal {
  const w = ex.wallets(user);
  return new Decimal(w.cash.total).plus(ex.queryBalance(user).equity);
}

/** The insurance fund: the house's balance plus the upnl of what it inherited, at mark. */
function insurance(ex: Exchange): Decimal {
  return new Decimal(ex.queryBalance(HOUSE).equity);
}

/**
 * Issue 13, finding 1. Two accounts of one trader: B rests a large sell far above the makers and a large
 * buy far below; A, isolated at 40×, walks an IOC buy through the makers into B's sell. Before the fix
 * the position was born beyond its own liquidation price, the next tick handed it to the house at the
 * bankruptcy price, and the house market-sold it into B's buy: the pair ended richer, the house poorer.
 */
describe('insurance fund drain (issue 13 #1)', () => {
  function attack(): { ex: Exchange; pairBefore: Decimal; fundBefore: Decimal } {
    const ex = quiet();
    fund(ex, C, '10000000'); // the makers' stand-in: thin asks near the mark
    fund(ex, A, '1000000');
    fund(ex, B, '1000000');
    for (let i = 1; i <= 5; i++) place(ex, C, limit('sell', '0.1', String(95000 + i * 10)));
    for (let i = 1; i <= 5; i++) place(ex, C, limit('buy', '0.1', String(95000 - i * 10)));
    const pairBefore = worth(ex, A).plus(worth(ex, B));
    const fundBefore = insurance(ex);
    ex.changeLeverage(B, 'BTC-USD', 40, T0);
    place(ex, B, limit('sell', '60', '99700'));
    place(ex, B, limit('buy', '60', '90300'));
    ex.changeMarginMode(A, 'BTC-USD', 'isolated', T0);
    ex.changeLeverage(A, 'BTC-USD', 40, T0);
    ex.newOrder(A, market('buy', '60.5'), T0);
    for (let s = 1; s <= 5; s++) ex.advance(T0 + s * 1000);
    return { ex, pairBefore, fundBefore };
  }

  it('the pair of accounts gains nothing and the insurance fund loses nothing', () => {
    const { ex, pairBefore, fundBefore } = attack();
    const pairAfter = worth(ex, A).plus(worth(ex, B));
    // Trading between the two accounts is zero-sum for them, less fees: never a profit.
    expect(pairAfter.lte(pairBefore)).toBe(true);
    expect(insurance(ex).gte(fundBefore)).toBe(true);
    expectInvariant(ex);
  });

  it('an adverse fill never leaves the isolated position beyond its liquidation price', () => {
    const { ex } = attack();
    const pos = ex.queryPositions(A)[0];
    // Either the fill's loss went into the position's margin (it survives the ticks) or the fill was refused.
    if (pos !== undefined) {
      expect(new Decimal(pos.holding_margin).plus(pos.upnl).gte(pos.maint_margin)).toBe(true);
      expect(new Decimal(pos.liq_price).lt(pos.mark_price)).toBe(true);
    }
    expect(ex.queryOrders(A, { limit: 50 }).result.filter((o) => o.source === 'liquidation')).toEqual([]);
  });
});
