import { describe, expect, it } from 'vitest';
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
