import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dec, type Dec } from '../src/lib/decimal';
import type { Devnet } from './devnet';
import { bestPrice, expectAudit, fund, signedInTrader, startTestDevnet, type Trader } from './test-support/harness';

// Issue 13, finding 1, end to end on a fresh devnet with its market makers, through the app's own client:
// two accounts of one trader try to drain the insurance fund. B rests a large sell far above the makers
// and a large buy far below; A, isolated at the symbol's maximum leverage, walks an IOC buy through the makers into B's sell. Before
// the fix the position was born beyond its liquidation price, the next tick handed it to the house at the
// bankruptcy price and the house market-sold it into B's buy.

let devnet: Devnet;
let a: Trader;
let b: Trader;

beforeAll(async () => {
  devnet = await startTestDevnet();
  for (let i = 0; i < 3; i++) devnet.tick();
  a = await signedInTrader(devnet);
  b = await signedInTrader(devnet);
  await fund(devnet, a, '1000000', '1000000');
  await fund(devnet, b, '1000000', '1000000');
}, 60_000);
afterAll(() => devnet.close());
afterEach(() => expectAudit(devnet));

/** Perps equity as the app reads it (query_balance) plus the Cash Wallet (the spec has no HTTP read for it). */
async function worth(t: Trader): Promise<Dec> {
  const bal = await t.api.user.queryBalance();
  return dec(bal.equity).plus(devnet.ledger.exchange.wallets(t.account).cash.total);
}

describe('insurance fund drain through the service (issue 13 #1)', () => {
  it('two accounts of one trader gain nothing and the insurance fund loses nothing', async () => {
    const fundBefore = dec(devnet.ledger.exchange.audit().totals.insurance);
    const pairBefore = (await worth(a)).plus(await worth(b));
    const [info] = await a.api.market.symbolInfo('BTC-USD');
    const dp = info!.price_tick_decimals;
    const maxLeverage = Number(info!.max_leverage);
    const band = dec(info!.price_cap_ratio);
    const ask = await bestPrice(a.api, 'BTC-USD', 'ask');
    const bid = await bestPrice(a.api, 'BTC-USD', 'bid');
    await b.api.trade.changeLeverage({ symbol: 'BTC-USD', leverage: maxLeverage });
    // Near the far edges of the price band on either side (mark × (1 ± price_cap_ratio)).
    const far = band.mul('0.9');
    await b.api.trade.newOrder({ symbol: 'BTC-USD', side: 'sell', order_type: 'limit', qty: '20', price: ask.mul(far.plus(1)).toDecimalPlaces(dp).toFixed(dp), time_in_force: 'gtc', reduce_only: false });
    await b.api.trade.newOrder({ symbol: 'BTC-USD', side: 'buy', order_type: 'limit', qty: '20', price: bid.mul(dec(1).minus(far)).toDecimalPlaces(dp).toFixed(dp), time_in_force: 'gtc', reduce_only: false });
    await a.api.trade.changeMarginMode({ symbol: 'BTC-USD', margin_mode: 'isolated' });
    await a.api.trade.changeLeverage({ symbol: 'BTC-USD', leverage: maxLeverage });
    await a.api.trade.newOrder({ symbol: 'BTC-USD', side: 'buy', order_type: 'market', qty: '30', time_in_force: 'ioc', reduce_only: false });
    const [pos] = await a.api.user.queryPositions('BTC-USD');
    // The fill reached B's far sell; the position carries that loss in its margin.
    expect(pos).toBeDefined();
    expect(dec(pos!.qty).gt(20)).toBe(true);
    expect(dec(pos!.holding_margin).plus(pos!.upnl).gte(pos!.maint_margin)).toBe(true);
    for (let i = 0; i < 10; i++) devnet.tick();
    const liquidations = (await a.api.user.queryOrders({ symbol: 'BTC-USD' })).result.filter((o) => o.source === 'liquidation');
    expect(liquidations).toEqual([]);
    expect((await worth(a)).plus(await worth(b)).lte(pairBefore)).toBe(true);
    expect(dec(devnet.ledger.exchange.audit().totals.insurance).gte(fundBefore)).toBe(true);
  }, 60_000);
});
