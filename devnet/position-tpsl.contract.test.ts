import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { NewOrderBody, Order } from '../src/api/schemas';
import { MarketStream } from '../src/api/stream/market-stream';
import { OrderStream } from '../src/api/stream/order-stream';
import { dec, type Dec } from '../src/lib/decimal';
import type { Devnet } from './devnet';
import { openLedgerCopy } from './persistence/ledger';
import { expectAudit, fund, nodeSocket, signedInTrader, startTestDevnet, type Trader } from './test-support/harness';
import { withTwoFundedTraders } from './test-support/two-traders';

// Issue 16 #2/#3, decisions.md "TP/SL and position protection", driven with the app's own client:
// position TP/SL (new_order reduce_only, qty "0", market ioc, tp_price/sl_price) protects the whole
// position; a market close works in one action after canceling what blocks the headroom and never
// flips the position; POST /devnet/mark moves a market through a trigger.

const SYMBOL = 'BTC-USD';
let devnet: Devnet;
let alice: Trader;
let bob: Trader;

// The audit runs here, after bob's leftovers are canceled.
withTwoFundedTraders((t) => ({ devnet, alice, bob } = t), {
  quiet: true,
  funds: { alice: ['100000', '100000'], bob: ['1000000', '1000000'] },
  audit: false,
});
afterEach(async () => {
  // Every scenario starts flat with nothing open: bob's leftovers are canceled, alice is checked.
  const open = await bob.api.user.queryOpenOrders({ symbol: SYMBOL });
  if (open.result.length > 0) await bob.api.trade.cancelOrders({ order_id_list: open.result.map((o) => o.id) });
  expectAudit(devnet);
});

/** POST /devnet/mark: the index jumps to `price`, the mark follows. */
async function moveMark(price: string, symbol = SYMBOL): Promise<Response> {
  return fetch(`${devnet.urls.baseUrl}/devnet/mark`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ symbol, price }) });
}

async function market(): Promise<{ mark: Dec; at: (f: string) => string }> {
  const [info] = await alice.api.market.symbolInfo(SYMBOL);
  const mark = dec((await alice.api.market.symbolPrice(SYMBOL)).mark_price);
  const dp = info!.price_tick_decimals;
  return { mark, at: (f) => mark.mul(f).toDecimalPlaces(dp).toFixed() };
}

const protect = (tpsl: { tp_price?: string; sl_price?: string }, side: 'buy' | 'sell' = 'sell'): NewOrderBody => ({
  symbol: SYMBOL, side, order_type: 'market', qty: '0', time_in_force: 'ioc', reduce_only: true, ...tpsl,
});

/** Alice buys `qty` from bob at the mark (a long, or more of it). */
async function aliceBuys(qty: string, at: string, extra: Partial<NewOrderBody> = {}): Promise<void> {
  await bob.api.trade.newOrder({ symbol: SYMBOL, side: 'sell', order_type: 'limit', qty, price: at, time_in_force: 'gtc', reduce_only: false });
  await alice.api.trade.newOrder({ symbol: SYMBOL, side: 'buy', order_type: 'limit', qty, price: at, time_in_force: 'ioc', reduce_only: false, ...extra });
}

async function bobBids(qty: string, price: string): Promise<void> {
  await bob.api.trade.newOrder({ symbol: SYMBOL, side: 'buy', order_type: 'limit', qty, price, time_in_force: 'gtc', reduce_only: false });
}

const positionQty = async (t: Trader = alice) => (await t.api.user.queryPositions(SYMBOL))[0]?.qty ?? '0';
const openOrders = async () => (await alice.api.user.queryOpenOrders({ symbol: SYMBOL })).result;
const brief = (o: Order) => [o.source, o.status, o.side, o.price, o.qty];

describe('position TP/SL over HTTP and the streams (issue 16 #3)', () => {
  it('TP and SL on an open long: shown at once with qty 0, the SL fires when the mark falls through it, the TP is canceled', async () => {
    const { at } = await market();
    await aliceBuys('0.02', at('1'));
    const stream = new OrderStream({ url: devnet.urls.orderStreamUrl, createSocket: nodeSocket });
    const channel = new MarketStream({ url: devnet.urls.streamUrl, createSocket: nodeSocket });
    try {
      const loggedIn = new Promise<boolean>((r) => stream.onLogin((ok) => r(ok)));
      stream.authenticate({ token: alice.session.token });
      expect(await loggedIn).toBe(true);
      const authed = new Promise<boolean>((r) => channel.onAuth((ok) => r(ok)));
      channel.authenticate({ token: alice.session.token });
      expect(await authed).toBe(true);
      const pushed: Order[] = [];
      channel.onUser('order', (o) => pushed.push(o));

      const env = await alice.api.trade.newOrder(protect({ tp_price: at('1.05'), sl_price: at('0.95') }), stream.sessionId);
      expect(await stream.waitForOutcome(env.request_id)).toMatchObject({ code: 0, message: 'success' });
      const open = await openOrders();
      expect(open.map(brief)).toEqual([
        ['sl', 'untriggered', 'sell', at('0.95'), '0'],
        ['tp', 'untriggered', 'sell', at('1.05'), '0'],
      ]);
      expect(open.every((o) => o.reduce_only && o.order_type === 'market')).toBe(true);
      const parentId = (open[0]!.payload as { parent_id: number }).parent_id;
      expect((await alice.api.user.queryOrder({ order_id: parentId })).status).toBe('filled');

      // Bob bids below the stop; the mark falls to it.
      await bobBids('0.05', at('0.949'));
      const moved = await moveMark(at('0.95'));
      expect(moved.status).toBe(200);
      expect(await moved.json()).toMatchObject({ code: 0, data: { symbol: SYMBOL, mark_price: at('0.95') } });
      expect(await positionQty()).toBe('0');
      expect(await openOrders()).toEqual([]);
      const sl = await alice.api.user.queryOrder({ order_id: open[0]!.id });
      expect(sl).toMatchObject({ status: 'filled', qty: '0.02', fill_qty: '0.02', fill_avg_price: at('0.949') });
      expect(await alice.api.user.queryOrder({ order_id: open[1]!.id })).toMatchObject({ status: 'canceled', remark: 'oco: sibling triggered' });

      const until = Date.now() + 5000;
      while (!pushed.some((o) => o.source === 'sl' && o.status === 'filled') && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      const seen = pushed.filter((o) => o.source !== 'user').map((o) => `${o.source}:${o.status}:${o.qty}`);
      expect(seen).toEqual(['tp:untriggered:0', 'sl:untriggered:0', 'tp:canceled:0', 'sl:new:0.02', 'sl:filled:0.02']);
    } finally {
      stream.close();
      channel.close();
    }
  }, 30_000);

  it('sending it again replaces only what is sent; canceling the child removes it; closing the position cancels the rest', async () => {
    await moveMark('95000');
    const { at } = await market();
    await aliceBuys('0.01', at('1'));
    await alice.api.trade.newOrder(protect({ tp_price: at('1.05'), sl_price: at('0.95') }));
    const [oldSl, oldTp] = await openOrders();
    await alice.api.trade.newOrder(protect({ sl_price: at('0.96') }));
    expect((await openOrders()).map(brief)).toEqual([
      ['sl', 'untriggered', 'sell', at('0.96'), '0'],
      ['tp', 'untriggered', 'sell', at('1.05'), '0'],
    ]);
    expect(await alice.api.user.queryOrder({ order_id: oldSl!.id })).toMatchObject({ status: 'canceled', remark: 'replaced by a new position tp/sl' });

    await alice.api.trade.cancelOrder({ order_id: oldTp!.id });
    expect((await openOrders()).map((o) => o.source)).toEqual(['sl']);

    await bobBids('0.01', at('1'));
    await alice.api.trade.newOrder({ symbol: SYMBOL, side: 'sell', order_type: 'market', qty: '0.01', time_in_force: 'ioc', reduce_only: true });
    expect(await positionQty()).toBe('0');
    expect(await openOrders()).toEqual([]);
  }, 30_000);

  it('refuses a trigger on the wrong side of the mark and a request with no position — and changes nothing', async () => {
    const { at, mark } = await market();
    await aliceBuys('0.01', at('1'));
    await alice.api.trade.newOrder(protect({ sl_price: at('0.9') }));
    const before = await openOrders();
    await expect(alice.api.trade.newOrder(protect({ tp_price: at('0.99') }))).rejects.toMatchObject({
      status: 400, code: 400, message: `take profit for a long must be above the mark price ${mark.toFixed()}`,
    });
    await expect(alice.api.trade.newOrder(protect({ sl_price: at('1.01'), tp_price: at('1.1') }))).rejects.toMatchObject({
      code: 400, message: expect.stringContaining('stop loss for a long must be below the mark price'),
    });
    const carol = await signedInTrader(devnet);
    await fund(devnet, carol, '1000', '1000');
    await expect(carol.api.trade.newOrder(protect({ sl_price: at('0.9') }))).rejects.toMatchObject({ code: 400, message: 'no position to protect in BTC-USD' });
    // Any other qty-0 order is still below the minimum.
    await expect(alice.api.trade.newOrder({ ...protect({ tp_price: at('1.1') }), reduce_only: false })).rejects.toMatchObject({ code: 400, message: 'qty must be positive' });
    expect(await openOrders()).toEqual(before);
    expect(await positionQty()).toBe('0.01');
    // Leave flat.
    await bobBids('0.01', at('1'));
    await alice.api.trade.newOrder({ symbol: SYMBOL, side: 'sell', order_type: 'market', qty: '0.01', time_in_force: 'ioc', reduce_only: true });
    expect(await openOrders()).toEqual([]);
  }, 30_000);
});

describe('a market close always works in one action and never flips (issue 16 #2)', () => {
  it('cancel the reduce-only orders that block the headroom, then a reduce-only market order for the whole size: flat, every child gone', async () => {
    const { at } = await market();
    await aliceBuys('0.02', at('1'), { tp_price: at('1.05'), sl_price: at('0.95') });
    await aliceBuys('0.01', at('1'));
    await alice.api.trade.newOrder({ symbol: SYMBOL, side: 'sell', order_type: 'limit', qty: '0.01', price: at('1.02'), time_in_force: 'gtc', reduce_only: true });
    await alice.api.trade.newOrder(protect({ sl_price: at('0.9') }));
    expect(await positionQty()).toBe('0.03');
    const close: NewOrderBody = { symbol: SYMBOL, side: 'sell', order_type: 'market', qty: '0.03', time_in_force: 'ioc', reduce_only: true };
    // The attached pair (0.02) and the reduce-only limit (0.01) use the whole headroom; the whole-position SL does not count.
    await expect(alice.api.trade.newOrder(close)).rejects.toMatchObject({ code: 400, message: expect.stringContaining('headroom 0 ') });

    const blocking = (await openOrders()).filter((o) => o.reduce_only && o.qty !== '0');
    expect(blocking.map((o) => o.source).sort()).toEqual(['sl', 'tp', 'user']);
    await alice.api.trade.cancelOrders({ order_id_list: blocking.map((o) => o.id) });
    await bobBids('0.1', at('0.999'));
    await alice.api.trade.newOrder(close);
    expect(await positionQty()).toBe('0');
    expect(await alice.api.user.queryPositions(SYMBOL)).toEqual([]);
    expect(await openOrders()).toEqual([]);
    const last = (await alice.api.user.queryOrders({ symbol: SYMBOL, status: 'canceled' })).result[0];
    expect(last).toMatchObject({ source: 'sl', qty: '0', remark: 'position closed' });
  }, 30_000);
});

describe('POST /devnet/mark (devnet only)', () => {
  it('refuses bad input with a reason and changes nothing', async () => {
    const before = (await alice.api.market.symbolPrice(SYMBOL)).mark_price;
    for (const [body, message] of [
      [{ symbol: 'NOPE-USD', price: '1' }, 'unknown symbol: NOPE-USD'],
      [{ symbol: SYMBOL, price: '-5' }, 'price'],
      [{ symbol: SYMBOL, price: '1.001' }, 'price'],
      [{ symbol: SYMBOL }, 'price'],
    ] as const) {
      const res = await fetch(`${devnet.urls.baseUrl}/devnet/mark`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.status).toBe(400);
      const j = (await res.json()) as { code: number; message: string };
      expect(j.code).toBe(400);
      expect(j.message).toContain(message);
    }
    expect((await alice.api.market.symbolPrice(SYMBOL)).mark_price).toBe(before);
  });
});

describe('position TP/SL and a moved mark survive a restart', () => {
  it('the journal and snapshot hold the whole-position children and the index', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'devnet-position-tpsl-'));
    // The makers run as on a real devnet (a restart restores seed and start time, and the makers with them).
    const dn = await startTestDevnet({ dataDir });
    try {
      const carol = await signedInTrader(dn);
            await fund(dn, carol, '10000', '10000');
            const mark = (await fetch(`${dn.urls.baseUrl}/devnet/mark`, { method: 'POST', body: JSON.stringify({ symbol: SYMBOL, price: '90000' }) })).status;
      expect(mark).toBe(200);
      await carol.api.trade.newOrder({ symbol: SYMBOL, side: 'sell', order_type: 'market', qty: '0.01', time_in_force: 'ioc', reduce_only: false });
      await carol.api.trade.newOrder(protect({ tp_price: '85000', sl_price: '93000' }, 'buy'));
      const live = dn.ledger.exchange.queryOpenOrders(carol.account).result;
      expect(live.map(brief)).toEqual([
        ['sl', 'untriggered', 'buy', '93000', '0'],
        ['tp', 'untriggered', 'buy', '85000', '0'],
      ]);
      const copy = openLedgerCopy(dataDir);
      expect(copy.exchange.queryOpenOrders(carol.account).result).toEqual(live);
      expect(copy.exchange.symbolPrice(SYMBOL)).toMatchObject({ ok: true, value: { index_price: '90000' } });
    } finally {
      await dn.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a triggered TP/SL is price-protected (issue #27, decisions.md "Market integrity")', () => {
  it('fills nothing beyond mark × (1 − 2 %); the rest keeps working, open with its remark, until bids return', async () => {
    const { at } = await market();
    await aliceBuys('0.01', at('1'), { sl_price: at('0.99') });
    await bobBids('0.01', at('0.71')); // a far bid, 29 % under
    expect((await moveMark(at('0.99'))).status).toBe(200);
    const [pos] = await alice.api.user.queryPositions(SYMBOL);
    expect(pos?.qty).toBe('0.01');
    const open = await alice.api.user.queryOpenOrders({ symbol: SYMBOL });
    expect(open.result.map((o) => [o.source, o.status, o.order_type, o.price, o.fill_qty, o.remark])).toEqual([
      ['sl', 'open', 'market', at('0.99'), '0', 'triggered: waiting for a price within the protection band'],
    ]);
    // A bid within the band returns; the next mark update passes the working SL again.
    await bobBids('0.01', at('0.985'));
    expect((await moveMark(at('0.99'))).status).toBe(200);
    expect(await alice.api.user.queryPositions(SYMBOL)).toEqual([]);
    const sl = await alice.api.user.queryOrder({ order_id: open.result[0]!.id });
    expect(sl).toMatchObject({ status: 'filled', fill_qty: '0.01', fill_avg_price: at('0.985') });
  }, 30_000);
});
