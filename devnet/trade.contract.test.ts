import { describe, expect, it } from 'vitest';
import { createApiClient } from '../src/api/client';
import type { ApiError } from '../src/api/errors';
import { klineResolution, type NewOrderBody } from '../src/api/schemas';
import { signBody } from '../src/api/signing';
import { MarketStream } from '../src/api/stream/market-stream';
import { OrderStream } from '../src/api/stream/order-stream';
import { dec } from '../src/lib/decimal';
import type { Devnet } from './devnet';
import { bestPrice, nodeSocket, type Trader } from './test-support/harness';
import { withTwoFundedTraders } from './test-support/two-traders';

let devnet: Devnet;
let alice: Trader;
let bob: Trader;
const SYMBOL = 'BTC-USD';

withTwoFundedTraders((t) => ({ devnet, alice, bob } = t));

const market = () => createApiClient({ urls: devnet.urls }).market;

/** A price `ticks` ticks away from the best bid (negative = below), on the tick grid. */
async function priceAwayFromBook(symbol: string, side: 'bid' | 'ask', ticks: number): Promise<string> {
  const [info] = await market().symbolInfo(symbol);
  const best = await bestPrice(createApiClient({ urls: devnet.urls }), symbol, side);
  const tick = dec(1).div(dec(10).pow(info!.price_tick_decimals));
  return best.plus(tick.mul(ticks)).toFixed(info!.price_tick_decimals);
}

const limit = (over: Partial<NewOrderBody>): NewOrderBody => ({
  symbol: SYMBOL,
  side: 'buy',
  order_type: 'limit',
  qty: '0.01',
  time_in_force: 'gtc',
  reduce_only: false,
  ...over,
});

describe('public market data (spec §4.4), validated by the app client', () => {
  it('serves every endpoint for every symbol in the spec shapes', async () => {
    const m = market();
    const overview = await m.marketOverview();
    const symbols = overview.symbols.map((s) => s.symbol);
    expect(symbols).toEqual(expect.arrayContaining(['BTC-USD', 'ETH-USD', 'XAU-USD', 'XAG-USD']));
    expect(overview.summary.symbol_count).toBe(symbols.length);
    const infos = await m.symbolInfo();
    expect(infos.map((i) => i.symbol).sort()).toEqual([...symbols].sort());
    const now = Date.now();
    for (const s of symbols) {
      await m.symbolInfo(s);
      const mk = await m.symbolMarket(s);
      expect(Date.parse(mk.next_funding_time)).toBeGreaterThan(now - 1000);
      await m.symbolPrice(s);
      const book = await m.depthBook(s);
      expect(book.bids.length).toBeGreaterThan(5);
      expect(book.asks.length).toBeGreaterThan(5);
      await m.recentTrades(s);
      await m.fundingRates(s, now - 86_400_000, now);
    }
    expect(await m.health()).toBe('OK');
    expect(Math.abs((await m.serverTime()) - Math.floor(Date.now() / 1000))).toBeLessThanOrEqual(2);
  });

  it('serves klines at every resolution, honours countback and says no_data for an empty range', async () => {
    const to = Math.floor(Date.now() / 1000);
    for (const resolution of klineResolution.options) {
      const k = await market().klineHistory({ symbol: SYMBOL, from: to - 30 * 86_400, to, resolution, countback: 50 });
      if (k.s === 'ok') {
        expect(k.t.length).toBeGreaterThan(0);
        expect(k.t.length).toBeLessThanOrEqual(50);
        expect([...k.t].sort((a, b) => a - b)).toEqual(k.t);
        k.h.forEach((h, i) => expect(h).toBeGreaterThanOrEqual(Math.max(k.o[i]!, k.c[i]!, k.l[i]!)));
      }
    }
    const minute = await market().klineHistory({ symbol: SYMBOL, from: to - 3600, to, resolution: '1' });
    expect(minute.s).toBe('ok');
    const empty = await market().klineHistory({ symbol: SYMBOL, from: 1_000_000, to: 1_000_600, resolution: '1' });
    expect(empty.s).toBe('no_data');
  });

  it('answers a missing or bad query parameter with 400', async () => {
    await expect(market().depthBook('')).rejects.toMatchObject({ status: 400 });
    await expect(market().depthBook('DOGE-USD')).rejects.toMatchObject({ status: 400 });
    const res = await fetch(`${devnet.urls.baseUrl}/api/kline/history?symbol=BTC-USD&from=x&to=1&resolution=1`);
    expect(res.status).toBe(400);
  });
});

describe('orders (spec §4.1–4.2)', () => {
  it('a limit order below the book rests, shows in open orders, and is cancelled', async () => {
    const price = await priceAwayFromBook(SYMBOL, 'bid', -200);
    const env = await alice.api.trade.newOrder(limit({ price, cl_ord_id: 'rest-1' }));
    expect(env).toMatchObject({ code: 0, message: 'success' });
    const open = await alice.api.user.queryOpenOrders({ symbol: SYMBOL });
    const mine = open.result.find((o) => o.cl_ord_id === 'rest-1');
    expect(mine).toMatchObject({ status: 'open', price: dec(price).toFixed(), side: 'buy', symbol: SYMBOL });
    expect(dec(mine!.qty).eq('0.01')).toBe(true);
    const one = await alice.api.user.queryOrder({ cl_ord_id: 'rest-1' });
    expect(one.id).toBe(mine!.id);
    await alice.api.trade.cancelOrder({ order_id: mine!.id });
    const after = await alice.api.user.queryOpenOrders({ symbol: SYMBOL });
    expect(after.result.find((o) => o.cl_ord_id === 'rest-1')).toBeUndefined();
    expect((await alice.api.user.queryOrder({ order_id: mine!.id })).status).toBe('canceled');
  });

  it('a market order fills and opens a position whose numbers add up', async () => {
    await bob.api.trade.newOrder({ symbol: SYMBOL, side: 'buy', order_type: 'market', qty: '0.05', time_in_force: 'ioc', reduce_only: false });
    const positions = await bob.api.user.queryPositions(SYMBOL);
    expect(positions).toHaveLength(1);
    const p = positions[0]!;
    expect(dec(p.qty).eq('0.05')).toBe(true);
    expect(p.status).toBe('open');
    expect(dec(p.entry_value).eq(dec(p.entry_price).mul(p.qty))).toBe(true);
    expect(dec(p.upnl).eq(dec(p.mark_price).minus(p.entry_price).mul(p.qty))).toBe(true);
    const trades = await bob.api.user.queryTrades({ symbol: SYMBOL });
    expect(trades.result.length).toBeGreaterThan(0);
    const bal = await bob.api.user.queryBalance();
    const available = dec(bal.cross_balance).minus(bal.cross_margin).minus(bal.locked).plus(bal.cross_upnl);
    expect(dec(bal.cross_available).eq(available)).toBe(true);
    expect(dec(bal.balance).eq(dec(bal.cross_balance).plus(bal.isolated_balance))).toBe(true);
    expect(dec(bal.upnl).eq(dec(bal.cross_upnl).plus(bal.isolated_upnl))).toBe(true);
    expect(dec(bal.equity).eq(dec(bal.balance).plus(bal.upnl))).toBe(true);
  });

  it('an ALO that would cross is accepted over HTTP and rejected on the order response stream', async () => {
    const stream = new OrderStream({ url: devnet.urls.orderStreamUrl, createSocket: nodeSocket });
    try {
      const loggedIn = new Promise<boolean>((r) => stream.onLogin((ok) => r(ok)));
      stream.authenticate({ token: alice.session.token });
      expect(await loggedIn).toBe(true);
      const crossing = await priceAwayFromBook(SYMBOL, 'ask', 50);
      const env = await alice.api.trade.newOrder(limit({ price: crossing, time_in_force: 'alo' }), stream.sessionId);
      expect(env.code).toBe(0);
      const outcome = await stream.waitForOutcome(env.request_id);
      expect(outcome).toMatchObject({ code: 400, message: 'alo order rejected' });
      const resting = await priceAwayFromBook(SYMBOL, 'bid', -300);
      const ok = await alice.api.trade.newOrder(limit({ price: resting, time_in_force: 'alo', cl_ord_id: 'alo-ok' }), stream.sessionId);
      expect(await stream.waitForOutcome(ok.request_id)).toMatchObject({ code: 0, message: 'success' });
      await alice.api.trade.cancelOrders({ cl_ord_id_list: ['alo-ok'] });
    } finally {
      stream.close();
    }
  });

  it('refuses bad orders with 400, a reason, and no state change', async () => {
    const before = await alice.api.user.queryOpenOrders();
    const balBefore = await alice.api.user.queryBalance();
    const far = await priceAwayFromBook(SYMBOL, 'bid', -100);
    const cases: [string, unknown][] = [
      ['missing qty', { symbol: SYMBOL, side: 'buy', order_type: 'limit', price: far, time_in_force: 'gtc', reduce_only: false }],
      ['float qty', { ...limit({ price: far }), qty: 0.01 }],
      ['wrong enum', { ...limit({ price: far }), side: 'long' }],
      ['qty below minimum', limit({ price: far, qty: '0.00001' })],
      ['qty above maximum', limit({ price: far, qty: '100000' })],
      ['price off tick', limit({ price: `${far}123` })],
      ['price far outside the band', limit({ price: '1' })],
      ['limit without price', limit({})],
      ['unknown symbol', limit({ symbol: 'DOGE-USD', price: '1' })],
      ['reduce-only with no position', limit({ price: far, reduce_only: true })],
    ];
    for (const [name, body] of cases) {
      const err = (await alice.api.trade.newOrder(body as NewOrderBody).catch((e: unknown) => e)) as ApiError;
      expect(err.status, name).toBe(400);
      expect(err.code, name).toBe(400);
      expect(err.message.length, name).toBeGreaterThan(5);
    }
    expect((await alice.api.user.queryOpenOrders()).result).toEqual(before.result);
    expect(await alice.api.user.queryBalance()).toEqual(balBefore);
  });

  it('refuses a bad signature, a replay and a stale timestamp with 401', async () => {
    const body = JSON.stringify(limit({ price: await priceAwayFromBook(SYMBOL, 'bid', -100) }));
    const post = (headers: Record<string, string>, b = body) =>
      fetch(`${devnet.urls.baseUrl}/api/new_order`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.session.token}`, 'content-type': 'application/json', ...headers },
        body: b,
      });
    const signed = { ...(await signBody(alice.session.key, body, Date.now())) };
    expect((await post(signed, body.replace('0.01', '0.02'))).status).toBe(401);
    expect((await post(signed)).status).toBe(200);
    const replay = await post(signed);
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { message: string }).message).toMatch(/already used/);
    const stale = { ...(await signBody(alice.session.key, body, Date.now() - 60_000)) };
    expect((await post(stale)).status).toBe(401);
    const otherKey = { ...(await signBody(bob.session.key, body, Date.now())) };
    expect((await post(otherKey)).status).toBe(401);
    await alice.api.trade.cancelOrders({ order_id_list: (await alice.api.user.queryOpenOrders()).result.map((o) => o.id) });
  });
});

describe('wallets and vaults', () => {
  it('moves money between Cash and Perps and refuses more than there is', async () => {
    const before = await alice.api.user.queryBalance();
    await alice.api.wallet.transferToPerps({ amount: '100' });
    const mid = await alice.api.user.queryBalance();
    expect(dec(mid.cross_balance).minus(before.cross_balance).eq(100)).toBe(true);
    await alice.api.wallet.transferToSpot({ amount: '100', token: 'DUSD' });
    expect(dec((await alice.api.user.queryBalance()).cross_balance).eq(before.cross_balance)).toBe(true);
    await expect(alice.api.wallet.transferToPerps({ amount: '99999999' })).rejects.toMatchObject({ status: 400 });
    await expect(alice.api.wallet.transferToPerps({ amount: '1', token: 'USDT' })).rejects.toMatchObject({ status: 400 });
  });

  it('acts as an owned vault with x-impersonate and refuses a foreign one', async () => {
    const vaults = (await (await fetch(`${devnet.urls.baseUrl}/devnet/vaults`, { headers: { authorization: `Bearer ${alice.session.token}` } })).json()) as string[];
    expect(vaults[0]).toMatch(/^cv_/);
    alice.actAs(vaults[0]!);
    try {
      const vaultBalance = await alice.api.user.queryBalance();
      expect(dec(vaultBalance.cross_balance).eq(0)).toBe(true);
      expect(await alice.api.user.queryPositions()).toEqual([]);
    } finally {
      alice.actAs(null);
    }
    bob.actAs(vaults[0]!);
    try {
      await expect(bob.api.user.queryBalance()).rejects.toMatchObject({ status: 403 });
    } finally {
      bob.actAs(null);
    }
  });
});

describe('market stream (decisions.md)', () => {
  it('sends a depth snapshot on subscribe and the account’s orders after auth', async () => {
    const stream = new MarketStream({ url: devnet.urls.streamUrl, createSocket: nodeSocket });
    try {
      const depth = new Promise<number>((r) => stream.subscribe('depth_book', SYMBOL, (d) => r(d.bids.length)));
      expect(await depth).toBeGreaterThan(0);
      const authed = new Promise<boolean>((r) => stream.onAuth((ok) => r(ok)));
      stream.authenticate({ token: alice.session.token });
      expect(await authed).toBe(true);
      const orderSeen = new Promise<string>((r) => stream.onUser('order', (o) => r(o.cl_ord_id)));
      await alice.api.trade.newOrder(limit({ price: await priceAwayFromBook(SYMBOL, 'bid', -150), cl_ord_id: 'streamed' }));
      expect(await orderSeen).toBe('streamed');
      await alice.api.trade.cancelOrder({ cl_ord_id: 'streamed' });
    } finally {
      stream.close();
    }
  });
});

describe('money', () => {
  it('the invariant holds after every scenario above: wallets + fees = deposits − withdrawals', () => {
    for (let i = 0; i < 20; i++) devnet.tick();
    const inv = devnet.ledger.exchange.moneyInvariant();
    expect(inv.ok, inv.detail).toBe(true);
  });
});
