import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleOrder } from '../api/__fixtures__/spec-samples';
import { ApiError } from '../api/errors';
import type { Order } from '../api/schemas';
import { readBackMissedFills } from './missed-fills';
import { actingAccount, useSessionStore } from '../wallet/session-store';
import { isSettled, rememberSent, sentOrders } from './sent-orders';

const ledger = { orders: sentOrders, isSettled, account: () => actingAccount(useSessionStore.getState()) };
const signIn = (address: string) => useSessionStore.setState({ session: { chain: 'bsc', address, token: 't', expiresAt: Date.now() + 60_000, key: {} as never } });

// Which orders this tab sent are read back when the account stream subscribes again, how often, and
// when one is forgotten. The wiring into the toasts is in app/streams/missed-fills.test.tsx.

const notFound = () => new ApiError({ kind: 'http', code: 404, message: 'order not found', status: 404, endpoint: '/api/query_order' });
const order = (cl: string, o: Partial<Order> = {}): Order => ({ ...(sampleOrder as Order), cl_ord_id: cl, user: 'bsc_0xabc', ...o });

/** An exchange answering query_order from `book` (a missing id: not found), recording what was asked. */
function exchange(book: Record<string, Partial<Order>>) {
  const asked: string[] = [];
  const api = {
    user: {
      queryOrder: ({ cl_ord_id }: { cl_ord_id?: string }) => {
        asked.push(cl_ord_id!);
        const o = book[cl_ord_id!];
        return o ? Promise.resolve(order(cl_ord_id!, o)) : Promise.reject(notFound());
      },
    },
  };
  return { api: api as unknown as Parameters<typeof rememberSent>[0], asked };
}

beforeEach(() => signIn('0xabc'));
afterEach(() => {
  sentOrders.clear();
  useSessionStore.setState({ session: null, vault: null });
});

describe('reading back the orders this tab sent', () => {
  it('reads an order not found yet (still on its way) once more shortly after, and tells what it finds', async () => {
    const book: Record<string, Partial<Order>> = {};
    const { api, asked } = exchange(book);
    rememberSent(api, 'a');
    const heard: string[] = [];
    const waits: number[] = [];
    await readBackMissedFills(ledger, (o) => heard.push(`${o.cl_ord_id} ${o.status}`), {
      sleep: (ms) => {
        waits.push(ms);
        book.a = { status: 'filled', fill_qty: '0.001' };
        return Promise.resolve();
      },
    });
    expect(asked).toEqual(['a', 'a']);
    expect(waits).toEqual([2_000]);
    expect(heard).toEqual(['a filled']);
  });

  it('forgets an order the exchange has not heard of 30 s after it was sent (it never arrived)', async () => {
    const { api } = exchange({});
    rememberSent(api, 'gone', Date.now() - 31_000);
    await readBackMissedFills(ledger, () => undefined, { sleep: () => Promise.resolve() });
    expect(sentOrders.has('gone')).toBe(false);
  });

  it('asks only for unsettled orders, the 20 most recent, paced 100 ms apart; settled ones are forgotten at the next send', async () => {
    const book: Record<string, Partial<Order>> = {};
    for (let i = 0; i < 25; i++) book[`o${i}`] = { status: 'open' };
    const { api, asked } = exchange(book);
    for (let i = 0; i < 25; i++) rememberSent(api, `o${i}`);
    sentOrders.get('o24')!.told = order('o24', { status: 'filled' });
    const waits: number[] = [];
    await readBackMissedFills(ledger, () => undefined, { sleep: (ms) => (waits.push(ms), Promise.resolve()) });
    expect(asked).toEqual(Array.from({ length: 20 }, (_, i) => `o${i + 4}`));
    expect(waits).toEqual(Array<number>(19).fill(100));
    rememberSent(api, 'next');
    expect(sentOrders.has('o24')).toBe(false);
    expect(sentOrders.size).toBe(25);
  });

  it('reads back only the orders sent for the account acting now; the other account\'s wait until it acts again', async () => {
    const { api, asked } = exchange({ a: { status: 'filled' }, b: { status: 'filled', user: 'bsc_0xbbb' } });
    rememberSent(api, 'a', Date.now() - 31_000);
    signIn('0xbbb');
    rememberSent(api, 'b');
    const heard: string[] = [];
    await readBackMissedFills(ledger, (o) => heard.push(o.cl_ord_id), { sleep: () => Promise.resolve() });
    expect(asked).toEqual(['b']);
    expect(sentOrders.has('a')).toBe(true);
    signIn('0xabc');
    await readBackMissedFills(ledger, (o) => heard.push(o.cl_ord_id), { sleep: () => Promise.resolve() });
    expect(asked).toEqual(['b', 'a']);
    expect(heard).toEqual(['b', 'a']);
  });

  it('does not hand on an answer for another account (the trader switched while it was on its way)', async () => {
    const { api } = exchange({ a: { status: 'filled' } });
    rememberSent(api, 'a');
    const heard: string[] = [];
    const answered = readBackMissedFills(ledger, (o) => heard.push(o.cl_ord_id), { sleep: () => Promise.resolve() });
    signIn('0xbbb');
    await answered;
    expect(heard).toEqual([]);
    expect(sentOrders.has('a')).toBe(true);
  });

  it('does not forget an order the exchange did not find because the account switched while it was asked', async () => {
    const api = {
      user: {
        queryOrder: () => {
          signIn('0xbbb');
          return Promise.reject(notFound());
        },
      },
    } as unknown as Parameters<typeof rememberSent>[0];
    rememberSent(api, 'a', Date.now() - 31_000);
    await readBackMissedFills(ledger, () => undefined, { sleep: () => Promise.resolve() });
    expect(sentOrders.has('a')).toBe(true);
  });

  it('reads at one pace when the stream subscribes twice in a row: one queue, each order asked once', async () => {
    const book: Record<string, Partial<Order>> = { o0: { status: 'open' }, o1: { status: 'open' }, o2: { status: 'open' } };
    const { api, asked } = exchange(book);
    for (let i = 0; i < 3; i++) rememberSent(api, `o${i}`);
    const waits: number[] = [];
    const sleep = (ms: number) => (waits.push(ms), Promise.resolve());
    await Promise.all([readBackMissedFills(ledger, () => undefined, { sleep }), readBackMissedFills(ledger, () => undefined, { sleep })]);
    expect(asked).toEqual(['o0', 'o1', 'o2']);
    expect(waits).toEqual([100, 100]);
  });

  it('remembers at most 100 orders, forgetting the oldest', () => {
    const { api } = exchange({});
    for (let i = 0; i < 105; i++) rememberSent(api, `o${i}`);
    expect(sentOrders.size).toBe(100);
    expect(sentOrders.has('o4')).toBe(false);
    expect(sentOrders.has('o5')).toBe(true);
  });
});
