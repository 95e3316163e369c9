/**
 * Issue 14 items 3, 4, 5, 7: the devnet answers HTTP the way the public service does where the spec
 * is silent (decisions.md "Errors" → Leniency, plain-text errors; "Enums" → Order records). Driven with
 * the app's own `src/api` client; a raw fetch only where the client has no such call (the
 * content-type of an error).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiClient } from '../src/api/client';
import { signedCommand } from '../src/api/command';
import { ApiError } from '../src/api/errors';
import { balance, order, page, position, trade, walletRow, withdrawResponse, type NewOrderBody } from '../src/api/schemas';
import { OrderStream } from '../src/api/stream/order-stream';
import { D, dec, type Dec } from '../src/lib/decimal';
import type { Devnet } from './devnet';
import { bestPrice, fund, nodeSocket, signedInTrader, type Trader } from './test-support/harness';
import { withTwoFundedTraders } from './test-support/two-traders';

let devnet: Devnet;
let alice: Trader;
let bob: Trader;
const SYMBOL = 'BTC-USD';

withTwoFundedTraders((t) => ({ devnet, alice, bob } = t));

const market = () => createApiClient({ urls: devnet.urls }).market;

async function symbolInfo(symbol = SYMBOL) {
  const [info] = await market().symbolInfo(symbol);
  return info!;
}

/** A price `ticks` ticks away from the best bid/ask (negative = lower), on the symbol's tick grid. */
async function priceAway(symbol: string, side: 'bid' | 'ask', ticks: number): Promise<string> {
  const info = await symbolInfo(symbol);
  const best = await bestPrice(createApiClient({ urls: devnet.urls }), symbol, side);
  const tick = dec(1).div(dec(10).pow(info.price_tick_decimals));
  return best.plus(tick.mul(ticks)).toFixed(info.price_tick_decimals);
}

/** A price `fraction` below the best bid, floored to the tick (far from the market, inside the band). */
async function farBid(symbol = SYMBOL, fraction = '0.02'): Promise<string> {
  const info = await symbolInfo(symbol);
  const best = await bestPrice(createApiClient({ urls: devnet.urls }), symbol, 'bid');
  return best.mul(dec(1).minus(fraction)).toDecimalPlaces(info.price_tick_decimals, D.ROUND_FLOOR).toFixed(info.price_tick_decimals);
}

const body = (over: Partial<NewOrderBody>): NewOrderBody => ({
  symbol: SYMBOL,
  side: 'buy',
  order_type: 'limit',
  qty: '0.01',
  time_in_force: 'gtc',
  reduce_only: false,
  ...over,
});

/** What a public client sends: the body with keys the spec does not have. */
const withExtras = (b: object, extras: Record<string, unknown>) => ({ ...b, ...extras }) as unknown as NewOrderBody;

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

/** Everything a trader can see of the account: a refused request must change none of it. */
async function accountView(t: Trader) {
  const [open, positions, bal, orders, trades, cfg] = await Promise.all([
    t.api.user.queryOpenOrders(),
    t.api.user.queryPositions(),
    t.api.user.queryBalance(),
    t.api.user.queryOrders({ limit: 500 }),
    t.api.user.queryTrades({ limit: 500 }),
    t.api.user.queryPositionConfig(SYMBOL),
  ]);
  return {
    open: open.result.map((o) => [o.id, o.status, o.fill_qty]),
    positions: positions.map((p) => [p.symbol, p.qty, p.entry_value, p.holding_margin]),
    balance: [bal.balance, bal.cross_balance, bal.isolated_balance, bal.locked],
    orders: orders.total,
    trades: trades.total,
    cfg,
  };
}

// ---------------------------------------------------------------------------------------------

describe('decisions.md "Errors" → Leniency: unknown body keys are ignored, bad values still refused', () => {
  it('decisions.md Leniency: new_order with stop_price/trigger_price/unknown keys is accepted and rests exactly as without them', async () => {
    const price = await farBid();
    const env = await signedCommand(
      alice.api.transport,
      'baseUrl',
      '/api/new_order',
      withExtras(body({ price, cl_ord_id: 'lenient-stop' }), { stop_price: price, trigger_price: price, post_only: true, extra: { a: 1 } }),
    );
    expect(env.code).toBe(0);
    const o = await alice.api.user.queryOrder({ cl_ord_id: 'lenient-stop' });
    // The extras were never applied: a plain resting limit order (no trigger, no TP/SL children).
    expect(o).toMatchObject({ status: 'open', order_type: 'limit', time_in_force: 'gtc', price: dec(price).toString(), qty: '0.01', fill_qty: '0', reduce_only: false });
    const open = await alice.api.user.queryOpenOrders({ symbol: SYMBOL });
    expect(open.result.filter((x) => x.status === 'untriggered')).toEqual([]);
    await alice.api.trade.cancelOrder(withExtras({ cl_ord_id: 'lenient-stop' }, { symbol: SYMBOL, reason: 'test' }) as never);
    expect((await alice.api.user.queryOrder({ cl_ord_id: 'lenient-stop' })).status).toBe('canceled');
  });

  it('decisions.md Leniency: an extra stop_price on a market order does not hold it back: it fills at once', async () => {
    const stop = await priceAway(SYMBOL, 'ask', 1000);
    await signedCommand(bob.api.transport, 'baseUrl', '/api/new_order', withExtras(body({ order_type: 'market', time_in_force: 'ioc', cl_ord_id: 'lenient-mkt' }), { stop_price: stop }));
    const o = await bob.api.user.queryOrder({ cl_ord_id: 'lenient-mkt' });
    expect(o).toMatchObject({ status: 'filled', fill_qty: '0.01' });
    const [pos] = await bob.api.user.queryPositions(SYMBOL);
    expect(pos?.qty).toBe('0.01');
    await bob.api.trade.newOrder(body({ side: 'sell', order_type: 'market', time_in_force: 'ioc', reduce_only: true }));
    expect(await bob.api.user.queryPositions(SYMBOL)).toEqual([]);
  });

  it('decisions.md Leniency: an unknown key that names another setting (margin_mode on change_leverage, wallet on transfer) is never applied', async () => {
    await signedCommand(alice.api.transport, 'baseUrl', '/api/change_leverage', { symbol: 'XAG-USD', leverage: 7, margin_mode: 'isolated' });
    expect(await alice.api.user.queryPositionConfig('XAG-USD')).toEqual({ symbol: 'XAG-USD', leverage: 7, margin_mode: 'cross' });
    const wallets = () => alice.api.transport.get('baseUrl', '/devnet/wallets', z.object({ cash: walletRow, perps: walletRow }), { auth: true });
    const before = await wallets();
    await signedCommand(alice.api.transport, 'baseUrl', '/api/transfer_to_perps', { amount: '3', token: 'DUSD', amount_out: '999', to: 'spot' });
    const after = await wallets();
    expect(dec(before.cash.total).minus(after.cash.total).toString()).toBe('3');
    expect(dec(after.perps.total).minus(before.perps.total).toString()).toBe('3');
  });

  it('decisions.md Leniency: a bridge withdraw with extra keys (to_addr, recipient, fee) is answered exactly as the same body without them', async () => {
    // This devnet runs without its chain, so a withdraw is refused past body validation: what matters
    // is that the extra keys neither get it refused earlier nor change the answer.
    const other = '0x000000000000000000000000000000000000dEaD';
    const plain = { amount: '5', chain: 'bsc', token: 'DUSD' };
    const send = (b: object) => refusal(alice.api.transport.post('bridgeUrl', '/api/withdraw', b, withdrawResponse, { sign: true }));
    const without = await send(plain);
    const withExtra = await send({ ...plain, to_addr: other, recipient: other, fee: '0' });
    expect(withExtra.message).not.toMatch(/unknown field/);
    expect([withExtra.status, withExtra.message]).toEqual([without.status, without.message]);
    const bad = await send({ ...plain, amount: 5, to_addr: other });
    expect([bad.status, bad.message]).toEqual([400, expect.stringMatching(/amount/)]);
  });

  it('decisions.md Leniency: the order response stream accepts order:new params with unknown keys and ignores them', async () => {
    const stream = new OrderStream({ url: devnet.urls.orderStreamUrl, createSocket: nodeSocket });
    try {
      const loggedIn = new Promise<boolean>((r) => stream.onLogin((ok) => r(ok)));
      stream.authenticate({ token: alice.session.token });
      expect(await loggedIn).toBe(true);
      const price = await farBid();
      const id = await stream.newOrder(withExtras(body({ price, cl_ord_id: 'lenient-ws' }), { stop_price: price, leverage_hint: 3 }), alice.session.key);
      expect(await stream.waitForOutcome(id)).toMatchObject({ code: 0, message: 'success' });
      expect(await alice.api.user.queryOrder({ cl_ord_id: 'lenient-ws' })).toMatchObject({ status: 'open', price: dec(price).toString() });
      await alice.api.trade.cancelOrder({ cl_ord_id: 'lenient-ws' });
    } finally {
      stream.close();
    }
  });

  it('decisions.md Leniency: wrong types, missing required fields and bad enums are still refused with a clear message, extras or not, and change nothing', async () => {
    const price = await farBid();
    const before = await accountView(alice);
    const cases: Array<[object, RegExp]> = [
      [{ ...body({ price }), qty: 0.01 }, /qty/],
      [{ ...body({ price }), reduce_only: 'false' }, /reduce_only/],
      [(({ side: _s, ...rest }) => rest)(body({ price })), /side/],
      [{ ...body({ price }), side: 'long' }, /side/],
      [{ ...body({ price }), time_in_force: 'fok' }, /time_in_force/],
      [{ ...body({ price }), leverage: '5' }, /leverage/],
    ];
    for (const [b, message] of cases) {
      for (const extras of [{}, { stop_price: price }]) {
        const e = await refusal(signedCommand(alice.api.transport, 'baseUrl', '/api/new_order', { ...b, ...extras }));
        expect(e.status, JSON.stringify(b)).toBe(400);
        expect(e.code).toBe(400);
        expect(e.message).toMatch(message);
      }
    }
    const lev = await refusal(signedCommand(alice.api.transport, 'baseUrl', '/api/change_leverage', { symbol: SYMBOL, leverage: 'max', stop_price: '1' }));
    expect(lev.code).toBe(400);
    expect(lev.message).toMatch(/leverage/);
    expect(await accountView(alice)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------

describe('decisions.md "Errors" → Leniency: extra response fields real clients rely on', () => {
  const listed = <T extends z.ZodType>(item: T) => page(item).extend({ code: z.literal(0), message: z.literal('success') });

  it('decisions.md Leniency: query_orders, query_open_orders and query_trades carry code 0 and message "success"', async () => {
    const t = alice.api.transport;
    const orders = await t.get('baseUrl', '/api/query_orders', listed(order), { auth: true });
    const open = await t.get('baseUrl', '/api/query_open_orders', listed(order), { auth: true });
    const trades = await t.get('baseUrl', '/api/query_trades', listed(trade), { auth: true });
    expect([orders.code, orders.message, open.code, open.message, trades.code, trades.message]).toEqual([0, 'success', 0, 'success', 0, 'success']);
    // The app's own calls still read them as pages.
    expect((await alice.api.user.queryOrders()).total).toBe(orders.total);
  });

  it('decisions.md Leniency: a position carries required_margin = |qty| × mark / leverage (the initial margin at the current mark), exactly', async () => {
    const carol = await signedInTrader(devnet);
    await fund(devnet, carol, '20000', '10000');
    await carol.api.trade.changeLeverage({ symbol: SYMBOL, leverage: 7 });
    await carol.api.trade.newOrder(body({ order_type: 'market', time_in_force: 'ioc', qty: '0.013' }));
    devnet.tick(); // the mark moves away from the entry
    const [pos] = await carol.api.user.queryPositions(SYMBOL);
    expect(pos).toBeDefined();
    const p = pos!;
    expect(p.required_margin).toBeDefined();
    const value = dec(p.qty).abs().mul(p.mark_price);
    expect(dec(p.position_value).eq(value)).toBe(true);
    // Margins round up to the finest digit (1e-18), against the trader.
    expect(p.required_margin).toBe(value.div(7).toDecimalPlaces(18, D.ROUND_CEIL).toString());
    expect(p.leverage).toBe('7');
    await carol.api.trade.newOrder(body({ side: 'sell', order_type: 'market', time_in_force: 'ioc', qty: '0.013', reduce_only: true }));
  });

  it('decisions.md Leniency: query_balance carries pnl_24h = realized PnL of the last 24 h net of fees and funding (0 for a new account)', async () => {
    const dave = await signedInTrader(devnet);
    await fund(devnet, dave, '20000', '10000');
    expect((await dave.api.user.queryBalance()).pnl_24h).toBe('0');
    await dave.api.trade.changeLeverage({ symbol: SYMBOL, leverage: 10 });
    await dave.api.trade.newOrder(body({ order_type: 'market', time_in_force: 'ioc', qty: '0.02' }));
    for (let i = 0; i < 3; i++) devnet.tick();
    await dave.api.trade.newOrder(body({ side: 'sell', order_type: 'market', time_in_force: 'ioc', qty: '0.01', reduce_only: true }));
    const trades = (await dave.api.user.queryTrades()).result;
    const funding = await dave.api.user.queryFundingHistory();
    expect(trades.length).toBeGreaterThanOrEqual(2);
    const expected = trades.reduce((a, t) => a.plus(t.pnl).minus(t.fee_qty), dec(0)).plus(funding.reduce((a, f) => a.plus(f.qty), dec(0)));
    const bal = await dave.api.user.queryBalance();
    expect(bal.pnl_24h).toBe(expected.toString());
    expect(dec(bal.pnl_24h!).isZero()).toBe(false); // the fees alone make it non-zero
    await dave.api.trade.newOrder(body({ side: 'sell', order_type: 'market', time_in_force: 'ioc', qty: '0.01', reduce_only: true }));
  });

  it('decisions.md Leniency: the app\'s schemas never require the extras (the public service may omit them)', () => {
    const bal = { isolated_balance: '0', isolated_upnl: '0', cross_balance: '1', cross_margin: '0', cross_upnl: '0', locked: '0', cross_available: '1', balance: '1', upnl: '0', equity: '1', pnl_freeze: '0' };
    expect(balance.safeParse(bal).success).toBe(true);
    expect(balance.safeParse({ ...bal, pnl_24h: 'lots' }).success).toBe(false);
    const pos = {
      id: 1, user: 'u', symbol: SYMBOL, status: 'open', qty: '1', leverage: '10', margin_mode: 'cross', margin_asset: 'DUSD', entry_price: '1', entry_value: '1',
      mark_price: '1', position_value: '1', initial_margin: '0.1', holding_margin: '0.1', maint_margin: '0.01', mmr: '0.01', bankruptcy_price: '0.9', liq_price: '0.91',
      realized_pnl: '0', upnl: '0', time: '2026-01-01T00:00:00Z', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
    };
    expect(position.safeParse(pos).success).toBe(true);
    expect(page(order).safeParse({ page_size: 0, result: [], total: 0 }).success).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------

describe('decisions.md "Errors": a malformed query string gets a plain-text 400', () => {
  const MALFORMED: Array<[string, Record<string, string>]> = [
    ['/api/query_trades', { start: 'abc' }],
    ['/api/query_orders', { limit: 'x' }],
    ['/api/query_orders', { status: 'done' }],
    ['/api/query_open_orders', { limit: '-1' }],
    ['/api/query_funding_history', { end: 'yesterday' }],
    ['/api/query_order', { order_id: 'abc' }],
  ];

  it('decisions.md Errors: start=abc, limit=x … answer HTTP 400, content-type text/plain, and the app\'s client reports that text as the ApiError message', async () => {
    for (const [path, query] of MALFORMED) {
      const url = `${devnet.urls.baseUrl}${path}?${new URLSearchParams(query).toString()}`;
      const res = await fetch(url, { headers: { authorization: `Bearer ${alice.session.token}` } });
      const text = await res.text();
      expect(res.status, url).toBe(400);
      expect(res.headers.get('content-type'), `${url}: ${text}`).toMatch(/^text\/plain/);
      expect(text.length).toBeGreaterThan(5);
      expect(() => JSON.parse(text) as unknown, text).toThrow();
      const e = await refusal(alice.api.transport.get('baseUrl', path, z.unknown(), { auth: true, query }));
      expect(e).toMatchObject({ kind: 'http', status: 400, code: 400, message: text });
    }
  });

  it('decisions.md Errors: the public market endpoints too (query_funding_rates start_time=abc)', async () => {
    const query = { symbol: SYMBOL, start_time: 'abc', end_time: String(Date.now()) };
    const res = await fetch(`${devnet.urls.baseUrl}/api/query_funding_rates?${new URLSearchParams(query).toString()}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    const e = await refusal(market().fundingRates(SYMBOL, 'abc' as unknown as number, Date.now()));
    expect(e).toMatchObject({ kind: 'http', status: 400, message: text });
    expect(text).toMatch(/start_time/);
  });

  it('decisions.md Errors: JSON bodies keep JSON errors ({code, message, request_id})', async () => {
    const price = await farBid();
    const res = await fetch(`${devnet.urls.baseUrl}/api/new_order`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body({ price })) });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const e = await refusal(signedCommand(alice.api.transport, 'baseUrl', '/api/new_order', { ...body({ price }), side: 'long' }));
    expect(e.status).toBe(400);
    expect(e.requestId).toBeTruthy(); // only the JSON envelope carries a request id
  });
});

// ---------------------------------------------------------------------------------------------

describe('decisions.md "Enums" → Order records: a market order carries the price limit it was allowed to reach', () => {
  async function bounds(symbol = SYMBOL): Promise<{ cap: Dec; floor: Dec; pd: number }> {
    const info = await symbolInfo(symbol);
    const mark = dec((await market().symbolPrice(symbol)).mark_price);
    const pd = info.price_tick_decimals;
    return {
      cap: mark.mul(dec(1).plus(info.price_cap_ratio)).toDecimalPlaces(pd, D.ROUND_FLOOR),
      floor: mark.mul(dec(1).minus(info.price_floor_ratio)).toDecimalPlaces(pd, D.ROUND_CEIL),
      pd,
    };
  }

  it('decisions.md Order records [ours]: without a price, a market buy shows mark × (1 + price_cap_ratio) and a sell mark × (1 − price_floor_ratio), on the tick', async () => {
    const erin = await signedInTrader(devnet);
    await fund(devnet, erin, '20000', '10000');
    const b = await bounds();
    await erin.api.trade.newOrder(body({ order_type: 'market', time_in_force: 'ioc', cl_ord_id: 'mkt-buy' }));
    const buy = await erin.api.user.queryOrder({ cl_ord_id: 'mkt-buy' });
    expect(buy.status).toBe('filled');
    expect(buy.price).toBe(b.cap.toString());
    expect(dec(buy.fill_avg_price).lte(buy.price)).toBe(true);
    const b2 = await bounds();
    await erin.api.trade.newOrder(body({ side: 'sell', order_type: 'market', time_in_force: 'ioc', reduce_only: true, cl_ord_id: 'mkt-sell' }));
    const sell = await erin.api.user.queryOrder({ cl_ord_id: 'mkt-sell' });
    expect(sell.status).toBe('filled');
    expect(sell.price).toBe(b2.floor.toString());
    expect(dec(sell.fill_avg_price).gte(sell.price)).toBe(true);
    // Every market order of the account shows a non-zero price in the history too.
    const hist = await erin.api.user.queryOrders({ order_type: 'market' });
    expect(hist.result.map((o) => dec(o.price).isZero())).toEqual([false, false]);
  });

  it('decisions.md Order records [doc sample]: a market order sent with a price shows that price and never fills beyond it', async () => {
    const fred = await signedInTrader(devnet);
    await fund(devnet, fred, '20000', '10000');
    // The lowest ask price at which the book holds the whole 0.01: a limit there fills it entirely.
    const book = await market().depthBook(SYMBOL);
    const asks = book.asks.map(([p, q]) => [dec(p), dec(q)] as const).sort((x, y) => x[0].comparedTo(y[0]));
    let depth = dec(0);
    const level = asks.find(([, q]) => (depth = depth.plus(q)).gte('0.01'));
    expect(level).toBeDefined();
    const limitPrice = level![0].toFixed((await symbolInfo()).price_tick_decimals);
    await fred.api.trade.newOrder(body({ order_type: 'market', time_in_force: 'ioc', price: limitPrice, cl_ord_id: 'mkt-priced' }));
    const o = await fred.api.user.queryOrder({ cl_ord_id: 'mkt-priced' });
    expect(o).toMatchObject({ status: 'filled', price: dec(limitPrice).toString() });
    expect(dec(o.fill_avg_price).lte(limitPrice)).toBe(true);
    // A limit below the best ask: the market order may not reach the book, so nothing fills.
    const below = await priceAway(SYMBOL, 'ask', -1);
    await fred.api.trade.newOrder(body({ order_type: 'market', time_in_force: 'ioc', price: below, cl_ord_id: 'mkt-held' }));
    expect(await fred.api.user.queryOrder({ cl_ord_id: 'mkt-held' })).toMatchObject({ status: 'canceled', fill_qty: '0', price: dec(below).toString() });
    await fred.api.trade.newOrder(body({ side: 'sell', order_type: 'market', time_in_force: 'ioc', reduce_only: true }));
  });

  it('decisions.md Order records [ours]: a price beyond the band cannot loosen it (the band bound is recorded); "0" means no limit of its own; an off-tick price is refused', async () => {
    const gina = await signedInTrader(devnet);
    await fund(devnet, gina, '20000', '10000');
    const b = await bounds();
    const far = b.cap.mul(2).toFixed(b.pd);
    await gina.api.trade.newOrder(body({ order_type: 'market', time_in_force: 'ioc', price: far, cl_ord_id: 'mkt-far' }));
    expect(await gina.api.user.queryOrder({ cl_ord_id: 'mkt-far' })).toMatchObject({ status: 'filled', price: b.cap.toString() });
    const b2 = await bounds();
    await gina.api.trade.newOrder(body({ side: 'sell', order_type: 'market', time_in_force: 'ioc', price: '0', reduce_only: true, cl_ord_id: 'mkt-zero' }));
    expect(await gina.api.user.queryOrder({ cl_ord_id: 'mkt-zero' })).toMatchObject({ status: 'filled', price: b2.floor.toString() });
    const offTick = b.cap.minus(dec(10).pow(-(b.pd + 1))).toFixed(b.pd + 1); // one digit finer than the tick
    const e = await refusal(gina.api.trade.newOrder(body({ order_type: 'market', time_in_force: 'ioc', price: offTick })));
    expect(e.message).toMatch(/price tick/);
  });
});
