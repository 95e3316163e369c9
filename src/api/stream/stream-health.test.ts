import { describe, expect, it } from 'vitest';
import { FakeSocket } from '../../testing/fake-socket';
import { MarketStream } from './market-stream';
import { OrderStream } from './order-stream';
import { healthBanner, streamHealth, STALE_AFTER_MS, type HealthInput } from './stream-health';

const base: HealthInput = { socket: 'open', failures: 0, online: true, now: 100_000, owedSince: 100_000 };

describe('streamHealth', () => {
  it('is live while frames keep coming, stale once none came for the bound, live again with the next', () => {
    expect(streamHealth({ ...base, now: base.now + STALE_AFTER_MS })).toBe('live');
    expect(streamHealth({ ...base, now: base.now + STALE_AFTER_MS + 1 })).toBe('stale');
    expect(streamHealth({ ...base, now: base.now + STALE_AFTER_MS + 1, owedSince: base.now + STALE_AFTER_MS })).toBe('live');
  });

  it('is never stale when nothing is owed (an idle order stream)', () => {
    expect(streamHealth({ ...base, now: base.now + 60_000, owedSince: null })).toBe('live');
  });

  it('says reconnecting after a close, offline after many failed attempts or when the browser is offline', () => {
    expect(streamHealth({ ...base, socket: 'reconnecting', failures: 1 })).toBe('reconnecting');
    expect(streamHealth({ ...base, socket: 'reconnecting', failures: 5 })).toBe('offline');
    expect(streamHealth({ ...base, online: false })).toBe('offline');
    expect(streamHealth({ ...base, socket: 'connecting' })).toBe('connecting');
  });

  it('banners only what is behind, and whether it is reconnecting or not answering (its words: stream-health-words.test.ts)', () => {
    expect(healthBanner('live', 'live')).toBeNull();
    expect(healthBanner('connecting', 'live')).toBeNull();
    expect(healthBanner('stale', 'live')).toEqual({ market: 'stale', order: null, cue: 'not-answering' });
    expect(healthBanner('reconnecting', 'offline')).toEqual({ market: 'reconnecting', order: 'offline', cue: 'reconnecting' });
    expect(healthBanner('live', 'stale')).toEqual({ market: null, order: 'stale', cue: 'not-answering' });
  });
});

describe('stream health on the streams', () => {
  it('market stream: stale 5 s after its last frame while subscribed, live on the next frame', () => {
    let now = 1_000;
    let socket!: FakeSocket;
    const stream = new MarketStream({ url: 'ws://x', createSocket: () => (socket = new FakeSocket()), now: () => now, online: () => true });
    stream.subscribe('price', 'BTC-USD', () => undefined);
    socket.open();
    expect(stream.health).toBe('live');
    now += 3_000;
    socket.reply({ seq: 1, channel: 'auth', data: { code: 401, msg: 'x' } });
    now += STALE_AFTER_MS;
    expect(stream.health).toBe('live');
    now += 1;
    expect(stream.health).toBe('stale');
    expect(stream.lastFrameAt).toBe(4_000);
    socket.reply({ seq: 2, channel: 'auth', data: { code: 401, msg: 'x' } });
    expect(stream.health).toBe('live');
    socket.close();
    expect(stream.health).toBe('reconnecting');
    stream.close();
  });

  it('order stream: stale when a request it carried has no answer within the bound, live when answered', async () => {
    let now = 1_000;
    let socket!: FakeSocket<{ request_id: string }>;
    const stream = new OrderStream({ url: 'ws://x', createSocket: () => (socket = new FakeSocket()), sessionId: 's', now: () => now, online: () => true });
    socket.open();
    stream.authenticate({ token: 't' });
    const login = socket.sent[0]!.request_id;
    socket.reply({ code: 0, message: 'success', request_id: login });
    now += 60_000;
    expect(stream.health).toBe('live'); // idle: nothing owed
    const signer = { sign: () => Promise.resolve(new Uint8Array(64)) };
    const id = await stream.newOrder({ symbol: 'BTC-USD', side: 'buy', order_type: 'market', qty: '1', time_in_force: 'ioc', reduce_only: false }, signer, now);
    now += STALE_AFTER_MS + 1;
    expect(stream.health).toBe('stale');
    socket.reply({ code: 0, status: 'accepted', request_id: id });
    expect(stream.health).toBe('live');
    stream.close();
  });
});
