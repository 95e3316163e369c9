import { describe, expect, it } from 'vitest';
import { dec, type Dec } from '../src/lib/decimal';
import { reduceOnlyHeadroom } from '../src/lib/reduce-only';
import type { Trader } from './test-support/harness';
import { withTwoFundedTraders } from './test-support/two-traders';

// Issue 14 #10. decisions.md "TP/SL and position protection": the TP and SL children of one parent are
// one-cancels-the-other and count once toward the reduce-only headroom of spec §4.1; every other
// pending reduce-only order counts in full. The app computes the same headroom from query_open_orders
// (src/lib/reduce-only.ts), so what it offers is exactly what the exchange accepts.

let alice: Trader;
let bob: Trader;

withTwoFundedTraders((t) => ({ alice, bob } = t), { quiet: true, funds: { alice: ['100000', '100000'], bob: ['100000', '100000'] } });

async function markOf(t: Trader): Promise<{ mark: Dec; dp: number }> {
  const [info] = await t.api.market.symbolInfo('BTC-USD');
  const price = await t.api.market.symbolPrice('BTC-USD');
  return { mark: dec(price.mark_price), dp: info!.price_tick_decimals };
}

/** The headroom the app shows for alice's BTC-USD position, from the service's own answers. */
async function appHeadroom(): Promise<Dec> {
  const [pos] = await alice.api.user.queryPositions('BTC-USD');
  const open = await alice.api.user.queryOpenOrders({ symbol: 'BTC-USD' });
  return reduceOnlyHeadroom({ symbol: 'BTC-USD', positionQty: dec(pos?.qty ?? '0'), orders: open.result });
}

describe('reduce-only headroom with TP/SL children (issue 14 #10)', () => {
  it('decisions.md "TP/SL and position protection": a TP/SL pair counts once, a lone TP or SL in full — and the app agrees with the exchange to the lot', async () => {
    const { mark, dp } = await markOf(alice);
    const at = (f: string) => mark.mul(f).toDecimalPlaces(dp).toFixed(dp);
    // Bob offers 0.07 at the mark; alice buys it in four parents.
    await bob.api.trade.newOrder({ symbol: 'BTC-USD', side: 'sell', order_type: 'limit', qty: '0.07', price: at('1'), time_in_force: 'gtc', reduce_only: false });
    const buy = (qty: string, extra: { tp_price?: string; sl_price?: string }) =>
      alice.api.trade.newOrder({ symbol: 'BTC-USD', side: 'buy', order_type: 'limit', qty, price: at('1'), time_in_force: 'ioc', reduce_only: false, ...extra });
    await buy('0.01', { tp_price: at('1.05') }); // a lone TP: 0.01
    await buy('0.02', { sl_price: at('0.95') }); // a lone SL: 0.02
    await buy('0.03', { tp_price: at('1.06'), sl_price: at('0.94') }); // a pair: counts 0.03 once
    await buy('0.01', {}); // no protection
    const [pos] = await alice.api.user.queryPositions('BTC-USD');
    expect(pos?.qty).toBe('0.07');
    // Exchange: 0.07 − (0.01 + 0.02 + 0.03) = 0.01.
    const room = await appHeadroom();
    expect(room.toFixed()).toBe('0.01');
    const reduce = (qty: string) =>
      alice.api.trade.newOrder({ symbol: 'BTC-USD', side: 'sell', order_type: 'limit', qty, price: at('1.1'), time_in_force: 'gtc', reduce_only: true });
    // One lot more than the app's headroom is refused, the headroom itself is accepted.
    await expect(reduce(room.plus('0.001').toFixed())).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/headroom 0\.01/) });
    await expect(reduce(room.toFixed())).resolves.toBeDefined();
    expect((await appHeadroom()).toFixed()).toBe('0');
  }, 30_000);
});
