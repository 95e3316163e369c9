// @vitest-environment jsdom
import { QueryObserver } from '@tanstack/react-query';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { useSessionStore } from '../../wallet/session-store';
import { StreamBanner } from './stream-banner';
import { FakeSocket } from '../../testing/fake-socket';
import { appStreamsEachTest } from './testing/app-streams-each-test';

const app = appStreamsEachTest({ createSocket: (url) => new FakeSocket(url), ui: <StreamBanner /> });
const { latest } = app;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Signs in as bsc_0xabc, token jwt-1. */
const signIn = () => useSessionStore.setState({ session: { chain: 'bsc', address: '0xabc', token: 'jwt-1', expiresAt: Date.now() + 60_000, key: {} as never } });
/** A page of the account's orders, as the HTTP reads answer. */
type Page = { page_size: number; result: { id: number }[]; total: number };

describe('stream wiring', () => {
  it('shows the disconnected banner while a stream reconnects, and reconciles over HTTP after', async () => {
    act(() => {
      latest('/ws-stream/v1').open();
      latest('/ws-api/v1').open();
    });
    expect(app.container.textContent).toBe('');
    app.qc.setQueryData(queryKeys.market.depth('BTC-USD'), { symbol: 'BTC-USD', asks: [], bids: [] });
    act(() => latest('/ws-stream/v1').close());
    expect(app.container.textContent).toBe('Market data reconnecting — reconnecting…');
    await act(() => wait(700)); // first backoff is at most 625 ms
    act(() => latest('/ws-stream/v1').open());
    expect(app.container.textContent).toBe('');
    expect(app.qc.getQueryState(queryKeys.market.depth('BTC-USD'))?.isInvalidated).toBe(true);
  });

  it('authenticates both streams with the session token and the selected vault', () => {
    act(() => {
      latest('/ws-stream/v1').open();
      latest('/ws-api/v1').open();
    });
    act(() =>
      useSessionStore.setState({
        session: { chain: 'bsc', address: '0xabc', token: 'jwt-1', expiresAt: Date.now() + 60_000, key: {} as never },
        vault: 'cv_7',
      }),
    );
    expect(latest('/ws-stream/v1').sent).toContainEqual({ auth: { token: 'jwt-1', impersonate: 'cv_7' } });
    const login = latest('/ws-api/v1').sent.at(-1) as { method: string; params: string; session_id: string };
    expect(login.method).toBe('auth:login');
    expect(JSON.parse(login.params)).toEqual({ token: 'jwt-1', impersonate: 'cv_7' });
    expect(login.session_id).toBe(app.streams.order.sessionId);
  });

  it('subscribes to its user channels once auth succeeds, never through auth.streams, and again after a reconnect (decisions.md "Streams" [doc])', async () => {
    act(() => latest('/ws-stream/v1').open());
    act(signIn);
    const first = latest('/ws-stream/v1');
    expect(first.sent).toEqual([{ auth: { token: 'jwt-1' } }]);
    const userSubs = (s: FakeSocket) =>
      s.sent
        .filter((m): m is { subscribe: { channel: string } } => typeof m === 'object' && m !== null && 'subscribe' in m)
        .map((m) => m.subscribe.channel)
        .filter((c) => ['order', 'position', 'balance', 'trade'].includes(c))
        .sort();
    act(() => first.onmessage?.({ data: JSON.stringify({ seq: 1, channel: 'auth', data: { code: 200, msg: 'success' } }) }));
    expect(userSubs(first)).toEqual(['balance', 'order', 'position', 'trade']);

    // A refused auth subscribes nothing; after a reconnect, the new auth's success subscribes again.
    act(() => first.close());
    await act(() => wait(700));
    const second = latest('/ws-stream/v1');
    expect(second).not.toBe(first);
    act(() => second.open());
    expect(second.sent).toEqual([{ auth: { token: 'jwt-1' } }]);
    act(() => second.onmessage?.({ data: JSON.stringify({ seq: 1, channel: 'auth', data: { code: 401, msg: 'expired' } }) }));
    expect(userSubs(second)).toEqual([]);
    act(() => second.onmessage?.({ data: JSON.stringify({ seq: 2, channel: 'auth', data: { code: 200, msg: 'success' } }) }));
    expect(userSubs(second)).toEqual(['balance', 'order', 'position', 'trade']);
  });

  it('stops using a token once it has expired: a reconnect after expiry sends no auth (the guard asks the trader to sign in)', async () => {
    act(() => {
      latest('/ws-stream/v1').open();
      latest('/ws-api/v1').open();
    });
    act(() =>
      useSessionStore.setState({ session: { chain: 'bsc', address: '0xabc', token: 'jwt-old', expiresAt: Date.now() + 300, key: {} as never } }),
    );
    expect(latest('/ws-stream/v1').sent).toContainEqual({ auth: { token: 'jwt-old' } });
    await act(() => wait(400)); // the token has expired
    const before = { market: latest('/ws-stream/v1'), order: latest('/ws-api/v1') };
    act(() => {
      before.market.close();
      before.order.close();
    });
    await act(() => wait(700));
    act(() => {
      latest('/ws-stream/v1').open();
      latest('/ws-api/v1').open();
    });
    expect(latest('/ws-stream/v1')).not.toBe(before.market);
    expect(latest('/ws-stream/v1').sent).not.toContainEqual({ auth: { token: 'jwt-old' } });
    expect(latest('/ws-api/v1').sent.filter((m) => (m as { method?: string }).method === 'auth:login')).toEqual([]);
  });

  it('writes the account\'s order pushes into its open orders', async () => {
    act(() => latest('/ws-stream/v1').open());
    act(signIn);
    const key = queryKeys.user.openOrders('bsc_0xabc');
    app.qc.setQueryData(key, { page_size: 100, result: [], total: 0 });
    const { sampleOrder } = await import('../../api/__fixtures__/spec-samples');
    act(() => latest('/ws-stream/v1').onmessage?.({ data: JSON.stringify({ seq: 2, channel: 'order', data: { ...sampleOrder, id: 77, status: 'open' } }) }));
    expect((app.qc.getQueryData(key) as { result: { id: number }[] }).result.map((o) => o.id)).toEqual([77]);
  });

  it('a reconnect asks again for data still on its first load, so a push kept for that request is not replayed onto a newer answer', async () => {
    act(() => latest('/ws-stream/v1').open());
    act(signIn);
    const key = queryKeys.user.openOrders('bsc_0xabc');
    const answers: ((p: Page) => void)[] = [];
    const observer = new QueryObserver(app.qc, { queryKey: key, queryFn: () => new Promise<Page>((r) => answers.push(r)), retry: false });
    const stop = observer.subscribe(() => undefined);
    await act(() => wait(0));
    expect(answers).toHaveLength(1);
    // Order 77 rests while the open orders are on their first load; the socket drops, and with it the
    // push of 77's fill.
    const { sampleOrder } = await import('../../api/__fixtures__/spec-samples');
    const first = latest('/ws-stream/v1');
    act(() => first.onmessage?.({ data: JSON.stringify({ seq: 2, channel: 'order', data: { ...sampleOrder, id: 77, status: 'open' } }) }));
    act(() => first.close());
    await act(() => wait(700));
    act(() => latest('/ws-stream/v1').open());
    act(() => latest('/ws-stream/v1').onmessage?.({ data: JSON.stringify({ seq: 1, channel: 'auth', data: { code: 200, msg: 'success' } }) }));
    await act(() => wait(0));
    // Asked again after the reconnect: the service has no open orders (77 filled).
    expect(answers).toHaveLength(2);
    await act(async () => {
      answers[0]!({ page_size: 100, result: [{ ...sampleOrder, id: 77, status: 'open' } as { id: number }], total: 1 });
      answers[1]!({ page_size: 100, result: [], total: 0 });
      await wait(0);
    });
    expect((app.qc.getQueryData(key) as Page).result).toEqual([]);
    stop();
  });

  it('the first connection reads back what was loaded before its subscription: answered before it, asked again once auth succeeds; still on its way, asked again once it lands, not cancelled', async () => {
    act(signIn);
    const empty: Page = { page_size: 100, result: [], total: 0 };
    // Open orders answered over HTTP before the socket opened; positions still on their way.
    const orderAsks: ((p: Page) => void)[] = [];
    const orders = new QueryObserver(app.qc, { queryKey: queryKeys.user.openOrders('bsc_0xabc'), queryFn: () => new Promise<Page>((r) => orderAsks.push(r)), retry: false });
    const positionAsks: { answer: (p: Page) => void; signal: AbortSignal }[] = [];
    const positions = new QueryObserver(app.qc, {
      queryKey: queryKeys.user.positions('bsc_0xabc'),
      queryFn: ({ signal }) => new Promise<Page>((r) => positionAsks.push({ answer: r, signal })),
      retry: false,
    });
    const stops = [orders.subscribe(() => undefined), positions.subscribe(() => undefined)];
    await act(() => wait(0));
    await act(async () => {
      orderAsks[0]!(empty);
      await wait(0);
    });
    expect([orderAsks.length, positionAsks.length]).toEqual([1, 1]);
    // The socket opens; the account's channels are subscribed once auth succeeds: an order that
    // changed between the HTTP answer and then was on neither path, so it is asked again then.
    act(() => latest('/ws-stream/v1').open());
    await act(() => wait(0));
    expect(orderAsks).toHaveLength(1);
    act(() => latest('/ws-stream/v1').onmessage?.({ data: JSON.stringify({ seq: 1, channel: 'auth', data: { code: 200, msg: 'success' } }) }));
    await act(() => wait(0));
    expect(orderAsks).toHaveLength(2);
    // The positions' first load is not cancelled (no push was lost: the socket never dropped), and
    // is asked again once it lands.
    expect(positionAsks[0]!.signal.aborted).toBe(false);
    expect(positionAsks).toHaveLength(1);
    await act(async () => {
      positionAsks[0]!.answer(empty);
      await wait(10); // asked again in a task after the answer's own (streams-context.tsx)
    });
    expect(positionAsks).toHaveLength(2);
    for (const stop of stops) stop();
  });

  it("a first load that lands after the first subscription keeps the pushes that came while it was on its way, and is asked again after", async () => {
    act(signIn);
    const key = queryKeys.user.openOrders('bsc_0xabc');
    const asks: ((p: Page) => void)[] = [];
    const orders = new QueryObserver(app.qc, { queryKey: key, queryFn: () => new Promise<Page>((r) => asks.push(r)), retry: false });
    const stop = orders.subscribe(() => undefined);
    await act(() => wait(0));
    act(() => latest('/ws-stream/v1').open());
    act(() => latest('/ws-stream/v1').onmessage?.({ data: JSON.stringify({ seq: 1, channel: 'auth', data: { code: 200, msg: 'success' } }) }));
    await act(() => wait(0));
    // Order 77 is placed while the first load is on its way; that answer was served before it.
    const { sampleOrder } = await import('../../api/__fixtures__/spec-samples');
    act(() => latest('/ws-stream/v1').onmessage?.({ data: JSON.stringify({ seq: 2, channel: 'order', data: { ...sampleOrder, id: 77, status: 'open' } }) }));
    await act(async () => {
      asks[0]!({ page_size: 100, result: [], total: 0 });
      await wait(0);
    });
    expect((app.qc.getQueryData(key) as Page).result.map((o) => o.id)).toEqual([77]);
    await act(() => wait(10));
    expect(asks).toHaveLength(2);
    stop();
  });

  it('signing in on an open connection reads the account back once its channels are subscribed', async () => {
    act(() => latest('/ws-stream/v1').open());
    await act(() => wait(0));
    act(signIn);
    const asks: ((p: Page) => void)[] = [];
    const orders = new QueryObserver(app.qc, { queryKey: queryKeys.user.openOrders('bsc_0xabc'), queryFn: () => new Promise<Page>((r) => asks.push(r)), retry: false });
    const stop = orders.subscribe(() => undefined);
    await act(async () => {
      await wait(0);
      asks[0]!({ page_size: 100, result: [], total: 0 });
      await wait(0);
    });
    expect(asks).toHaveLength(1);
    act(() => latest('/ws-stream/v1').onmessage?.({ data: JSON.stringify({ seq: 1, channel: 'auth', data: { code: 200, msg: 'success' } }) }));
    await act(() => wait(0));
    expect(asks).toHaveLength(2);
    stop();
  });
});
