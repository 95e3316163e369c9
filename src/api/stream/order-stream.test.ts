import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodySignatureMessage } from '../signing';
import { OrderStream } from './order-stream';
import { FakeSocket } from '../../testing/fake-socket';

// What the order stream writes on the socket for an order or a cancel sent over it (decisions.md:
// the params string is the signed body, the header carries the request id, timestamp and signature).


/** Records what it was asked to sign; its "signature" is the message's length. */
const signed: string[] = [];
const signer = { sign: async (m: Uint8Array) => (signed.push(new TextDecoder().decode(m)), new Uint8Array([m.length % 256])) };

function openStream() {
  let socket!: FakeSocket;
  const stream = new OrderStream({ url: 'ws://x/ws-api/v1', createSocket: () => (socket = new FakeSocket()), sessionId: 's-1', now: () => 1000 });
  socket.readyState = 1;
  socket.onopen?.({});
  return { stream, socket };
}

describe('OrderStream orders on the socket', () => {
  it('order:cancel carries the exact signed params and the header, on the given server clock', async () => {
    const { stream, socket } = openStream();
    const id = await stream.cancelOrder({ order_id: 42 }, signer, 1_700_000_000_123);
    const frame = JSON.parse(socket.raw.at(-1)!) as Record<string, unknown>;
    expect(frame).toEqual({
      session_id: 's-1',
      request_id: id,
      method: 'order:cancel',
      header: { 'x-request-id': id, 'x-request-timestamp': '1700000000123', 'x-request-signature': expect.any(String) },
      params: '{"order_id":42}',
    });
    expect(signed.at(-1)).toBe(new TextDecoder().decode(bodySignatureMessage(id, 1_700_000_000_123, '{"order_id":42}')));
    stream.close();
  });

  it('with no clock given it signs on its own (now option)', async () => {
    const { stream, socket } = openStream();
    await stream.newOrder({ symbol: 'BTC-USD', side: 'buy', order_type: 'market', qty: '0.01', time_in_force: 'ioc', reduce_only: false }, signer);
    expect(JSON.parse(socket.raw.at(-1)!)).toMatchObject({ method: 'order:new', header: { 'x-request-timestamp': '1000' } });
    stream.close();
  });

  it('a socket that is not open: throws, and nothing is signed or written', async () => {
    const { stream, socket } = openStream();
    socket.close();
    const before = signed.length;
    const written = socket.raw.length;
    await expect(stream.cancelOrder({ order_id: 42 }, signer)).rejects.toThrow(/not connected/);
    expect(signed.length).toBe(before);
    expect(socket.raw.length).toBe(written);
    stream.close();
  });
});

describe('OrderStream health while idle (a hung exchange keeps TCP up)', () => {
  type Frame = { method: string; request_id: string; session_id: string; params: string };
  /** A logged-in order stream on a fake socket, on the fake clock. */
  function loggedIn(opts: { idleProbeMs?: number | null } = {}) {
    let socket!: FakeSocket<Frame>;
    const stream = new OrderStream({ url: 'ws://x/ws-api/v1', createSocket: () => (socket = new FakeSocket()), sessionId: 's-1', now: () => Date.now(), online: () => true, ...opts });
    socket.open();
    stream.authenticate({ token: 't', impersonate: 'cv_1' });
    socket.reply({ code: 0, message: 'success', request_id: socket.sent[0]!.request_id });
    const logins: boolean[] = [];
    stream.onLogin((ok) => logins.push(ok));
    return { stream, socket, logins, logs: () => socket.sent.filter((f) => f.method === 'auth:login') };
  }
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a stream that stops answering while nothing is pending reads stale within 10 s (and order-path sends orders over HTTP)', () => {
    const { stream, socket, logs } = loggedIn();
    expect(stream.health).toBe('live');
    vi.advanceTimersByTime(10_000);
    expect(stream.health).toBe('stale');
    // The probe is the one harmless request the service defines: the same login again, on the same session.
    expect(logs().length).toBe(2);
    expect(logs()[1]).toMatchObject({ method: 'auth:login', session_id: 's-1', params: JSON.stringify({ token: 't', impersonate: 'cv_1' }) });
    // Still hung: asked again every 10 s, not every second.
    vi.advanceTimersByTime(10_000);
    expect(logs().length).toBe(3);
    expect(stream.health).toBe('stale');
    // The exchange answers the latest probe (an earlier frame may have been lost): live again, still logged in.
    socket.reply({ code: 0, message: 'success', request_id: logs()[2]!.request_id });
    expect(stream.health).toBe('live');
    expect(stream.isLoggedIn).toBe(true);
    stream.close();
  });

  it('a stream that answers stays live, probed only while idle, and its login is kept without telling anyone', () => {
    const { stream, socket, logins, logs } = loggedIn();
    let answered = 1;
    for (let s = 0; s < 60; s++) {
      vi.advanceTimersByTime(1_000);
      // The exchange answers each probe as it comes.
      for (const f of logs().slice(answered)) socket.reply({ code: 0, message: 'success', request_id: f.request_id });
      answered = logs().length;
      expect(stream.health).toBe('live');
    }
    expect(stream.isLoggedIn).toBe(true);
    expect(logins).toEqual([]);
    // One probe per idle stretch: at most one every ~3 s, not one a second.
    expect(logs().length).toBeGreaterThan(10);
    expect(logs().length).toBeLessThanOrEqual(1 + 60 / 2.5);
    stream.close();
  });

  it.each([
    [401, 'token expired'],
    [403, 'session held by another account'],
  ])('a probe refused for the rate limit or not served (429, 503, 500) keeps the login; one refused with %i ends it', (code, message) => {
    const { stream, socket, logins, logs } = loggedIn();
    const answerProbe = (c: number, m: string) => {
      vi.advanceTimersByTime(4_000);
      socket.reply({ code: c, message: m, request_id: logs().at(-1)!.request_id });
    };
    answerProbe(429, 'too many requests');
    answerProbe(503, 'service unavailable');
    answerProbe(500, 'internal error');
    expect(stream.isLoggedIn).toBe(true);
    expect(stream.health).toBe('live');
    expect(logins).toEqual([]);
    // Still probed (a logged-out stream is not), so the end of the login is still heard.
    answerProbe(code, message);
    expect(stream.isLoggedIn).toBe(false);
    expect(logins).toEqual([false]);
    stream.close();
  });

  it('sends no probe before login, nor when switched off', () => {
    let socket!: FakeSocket<Frame>;
    const idle = new OrderStream({ url: 'ws://x', createSocket: () => (socket = new FakeSocket()), now: () => Date.now(), online: () => true });
    socket.open();
    vi.advanceTimersByTime(30_000);
    expect(socket.sent).toEqual([]);
    idle.close();
    const off = loggedIn({ idleProbeMs: null });
    vi.advanceTimersByTime(30_000);
    expect(off.logs().length).toBe(1);
    expect(off.stream.health).toBe('live');
    off.stream.close();
  });
});
