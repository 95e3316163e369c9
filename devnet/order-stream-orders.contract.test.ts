/**
 * Orders over the order response stream itself (issue 17 #2), with the app's own OrderStream against
 * a real devnet: `order:new` and `order:cancel` signed with the session key place and cancel, their
 * replies carry the outcome under the request id, and a bad signature is refused with nothing changed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NewOrderBody, OrderStreamReply } from '../src/api/schemas';
import type { BodySigner } from '../src/api/signing';
import { OrderStream } from '../src/api/stream/order-stream';
import type { Devnet } from './devnet';
import { bestPrice, expectAudit, fund, nodeSocket, signedInTrader, startTestDevnet, until, type Trader } from './test-support/harness';

let devnet: Devnet;
let trader: Trader;
let stream: OrderStream;
let farBid: string;
const replies: OrderStreamReply[] = [];
const repliesTo = (id: string) => replies.filter((r) => r.request_id === id);

const limitBuy = (cl: string): NewOrderBody => ({ symbol: 'BTC-USD', side: 'buy', order_type: 'limit', qty: '0.001', price: farBid, time_in_force: 'gtc', reduce_only: false, cl_ord_id: cl });
const resting = () => devnet.ledger.exchange.queryOpenOrders(trader.account).result.map((o) => o.cl_ord_id);

beforeAll(async () => {
  devnet = await startTestDevnet();
  for (let i = 0; i < 5; i++) devnet.tick();
  trader = await signedInTrader(devnet);
  await fund(devnet, trader, '1000', '1000');
  farBid = (await bestPrice(trader.api, 'BTC-USD', 'bid')).mul('0.97').toFixed(0);
  stream = new OrderStream({ url: devnet.urls.orderStreamUrl, createSocket: nodeSocket });
  stream.onReply((r) => replies.push(r));
  const logins: boolean[] = [];
  stream.onLogin((ok) => logins.push(ok));
  stream.authenticate({ token: trader.session.token });
  await until(() => logins.length > 0, 5000, 'auth:login');
  expect(logins[0]).toBe(true);
});
afterAll(() => {
  stream?.close();
  return devnet?.close();
});
afterEach(() => expectAudit(devnet));

describe('orders over the order response stream', () => {
  it('order:new places a resting limit: accepted, then success, under its request id', async () => {
    const id = await stream.newOrder(limitBuy('ws-place'), trader.session.key);
    const outcome = await stream.waitForOutcome(id, 5000);
    expect(outcome).toMatchObject({ code: 0, message: 'success', request_id: id });
    expect(repliesTo(id)[0]).toMatchObject({ code: 0, status: 'accepted' });
    expect(resting()).toContain('ws-place');
    // The HTTP view says the same.
    const open = await trader.api.user.queryOpenOrders({ symbol: 'BTC-USD' });
    expect(open.result.map((o) => o.cl_ord_id)).toContain('ws-place');
  });

  it('order:cancel cancels it: accepted, then success; nothing is left resting', async () => {
    const order = devnet.ledger.exchange.queryOpenOrders(trader.account).result.find((o) => o.cl_ord_id === 'ws-place')!;
    const id = await stream.cancelOrder({ order_id: order.id }, trader.session.key);
    expect(await stream.waitForOutcome(id, 5000)).toMatchObject({ code: 0, message: 'success' });
    expect(repliesTo(id)[0]).toMatchObject({ code: 0, status: 'accepted' });
    expect(resting()).toEqual([]);
  });

  it('order:cancel of an order that is not open is refused with the service reason', async () => {
    const id = await stream.cancelOrder({ cl_ord_id: 'never-placed' }, trader.session.key);
    const outcome = await stream.waitForOutcome(id, 5000);
    expect(outcome.code).not.toBe(0);
    expect(repliesTo(id).some((r) => 'status' in r)).toBe(false);
  });

  it('a bad signature is refused (code ≠ 0, no accepted) and changes nothing', async () => {
    expect(resting()).toEqual([]);
    const balance = await trader.api.user.queryBalance();
    // Another key signs: the devnet verifies against the session key bound to the token.
    const forger: BodySigner = { sign: async (m) => (await trader.session.key.sign(m)).map((b, i) => (i === 0 ? b ^ 1 : b)) };
    const placeId = await stream.newOrder(limitBuy('ws-forged'), forger);
    const placed = await stream.waitForOutcome(placeId, 5000);
    expect(placed.code).not.toBe(0);
    expect(placed).toMatchObject({ message: expect.stringMatching(/signature/i) });
    expect(repliesTo(placeId).some((r) => 'status' in r)).toBe(false);
    expect(resting()).toEqual([]);

    // A real order, then a forged cancel of it: it stays.
    const realId = await stream.newOrder(limitBuy('ws-kept'), trader.session.key);
    expect((await stream.waitForOutcome(realId, 5000)).code).toBe(0);
    const kept = devnet.ledger.exchange.queryOpenOrders(trader.account).result.find((o) => o.cl_ord_id === 'ws-kept')!;
    const cancelId = await stream.cancelOrder({ order_id: kept.id }, forger);
    expect((await stream.waitForOutcome(cancelId, 5000)).code).not.toBe(0);
    expect(resting()).toEqual(['ws-kept']);

    // Clean up with a genuine cancel; the balance is where it started.
    const cleanId = await stream.cancelOrder({ order_id: kept.id }, trader.session.key);
    expect((await stream.waitForOutcome(cleanId, 5000)).code).toBe(0);
    expect(resting()).toEqual([]);
    expect(await trader.api.user.queryBalance()).toEqual(balance);
  });

  it('nothing is sent when the socket is not open: it throws before anything leaves', async () => {
    const closed = new OrderStream({ url: devnet.urls.orderStreamUrl, createSocket: nodeSocket });
    closed.close();
    await expect(closed.newOrder(limitBuy('ws-closed'), trader.session.key)).rejects.toThrow(/not connected/);
    await expect(closed.cancelOrder({ cl_ord_id: 'ws-closed' }, trader.session.key)).rejects.toThrow(/not connected/);
    expect(resting()).toEqual([]);
  });
});
