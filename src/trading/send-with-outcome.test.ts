import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleOrder } from '../api/__fixtures__/spec-samples';
import { ApiError } from '../api/errors';
import type { Order } from '../api/schemas';
import { OrderStream } from '../api/stream/order-stream';
import { useToasts } from '../stores/toasts';
import { FakeSocket } from '../testing/fake-socket';
import { sendWithOutcome } from './send-with-outcome';

const toasts = () => useToasts.getState().toasts.map((t) => ({ kind: t.kind, title: t.title }));
const failure = (kind: 'network' | 'timeout' | 'http') =>
  new ApiError({ kind, code: kind === 'http' ? 400 : 0, status: kind === 'http' ? 400 : 0, message: kind === 'http' ? 'order not found' : 'Cannot reach 127.0.0.1:7100: fetch failed', endpoint: '/api/cancel_order' });
const words = { sent: (what: string) => `Cancel requested: ${what}`, done: (what: string) => `Cancel accepted: ${what}`, refused: (what: string) => `Cancel refused: ${what}` };

describe('sendWithOutcome', () => {
  beforeEach(() => useToasts.setState({ toasts: [] }));

  it("a refusal is told in the service's words", async () => {
    const ok = await sendWithOutcome({ send: () => Promise.reject(failure('http')), stream: null, what: 'Sell 0 BTC-USD', words });
    expect(ok).toBe(false);
    expect(toasts()).toEqual([{ kind: 'error', title: 'Cancel refused: Sell 0 BTC-USD' }]);
  });

  it('no answer (unreachable or timed out) is never called a refusal: the outcome is unknown', async () => {
    for (const kind of ['network', 'timeout'] as const) {
      useToasts.setState({ toasts: [] });
      const ok = await sendWithOutcome({ send: () => Promise.reject(failure(kind)), stream: null, what: 'Sell 0 BTC-USD', words });
      expect(ok).toBe(false);
      expect(toasts()).toEqual([{ kind: 'warn', title: 'Outcome unknown: Sell 0 BTC-USD' }]);
    }
  });
});

describe('an order the exchange does not answer (issue 18 #1)', () => {
  let socket: FakeSocket<{ method: string; request_id: string }>;
  let stream: OrderStream;
  beforeEach(() => {
    vi.useFakeTimers();
    useToasts.setState({ toasts: [] });
    stream = new OrderStream({ url: 'ws://x/ws-api/v1', createSocket: () => (socket = new FakeSocket()), sessionId: 's-1' });
    socket.open();
    stream.authenticate({ token: 't' });
    socket.reply({ code: 0, message: 'success', request_id: socket.sent[0]!.request_id });
  });
  afterEach(() => {
    stream.close();
    vi.useRealTimers();
  });

  it('ends "Sending…" at the timeout with "Outcome unknown — checking…", then says what query_order found', async () => {
    const titles: string[] = [];
    const off = useToasts.subscribe((s) => titles.push(...s.toasts.filter((t) => t.key === 'order-web-1').map((t) => t.title)));
    const filled: Order = { ...(sampleOrder as Order), cl_ord_id: 'web-1', status: 'filled' };
    const asked: string[] = [];
    let settled = false;
    const sending = sendWithOutcome({
      send: () => Promise.reject(new Error('HTTP is not the path here')),
      sendOnStream: () => Promise.resolve('req-1'), // it left on the socket, and nothing ever comes back
      stream,
      what: 'Buy 0.01 BTC-USD at market',
      key: 'order-web-1',
      reconcile: {
        command: 'order',
        query: () => {
          asked.push('query_order');
          return Promise.resolve(filled);
        },
      },
    }).then((ok) => {
      settled = true;
      return ok;
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await sending).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    off();
    expect(asked).toEqual(['query_order']);
    expect(titles).toContain('Outcome unknown — checking…');
    expect(titles).not.toContain('Order rejected: Buy 0.01 BTC-USD at market');
    expect(toasts().at(-1)).toEqual({ kind: 'success', title: 'Filled: Buy 0.01 BTC-USD at market' });
  });
});
