import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleDepthBook, sampleOrder } from '../__fixtures__/spec-samples';
import { FakeSocket } from '../../testing/fake-socket';
import { FrameCoalescer } from './frame-coalescer';
import { MarketStream } from './market-stream';
import { workerDecoding } from './worker-decoding';

/** The market worker's other end, in this thread: the same core, messages cloned as postMessage does. */
class FakeWorker {
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: { message: string }) => void) | null = null;
  readonly posted: unknown[] = [];
  terminated = false;
  /** What the worker sent that the page has not taken yet: `deliver` hands it over, as the page's next task would. */
  private outbox: unknown[] = [];
  private readonly core = new FrameCoalescer((batch) => this.outbox.push(structuredClone(batch)), true);
  deliver() {
    while (this.outbox.length > 0) this.onmessage?.({ data: this.outbox.shift() });
  }
  postMessage(data: unknown) {
    this.posted.push(data);
    if (typeof data === 'string') this.core.push(data);
    else this.core.pull();
  }
  ready() {
    this.onmessage?.({ data: 'ready' });
  }
  terminate() {
    this.terminated = true;
  }
}

type Sent = { subscribe?: { channel: string; symbol?: string }; auth?: { token: string } };
const depth = (seq: number, bid: string) => ({ seq, channel: 'depth_book', symbol: 'BTC-USD', data: { ...sampleDepthBook, bids: [[bid, '1']] } });

let sockets: FakeSocket<Sent>[];
let workers: FakeWorker[];
let invalid: string[];
let stream: MarketStream;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  workers = [];
  invalid = [];
  stream = new MarketStream({
    url: 'ws://test.invalid/ws-stream/v1',
    createSocket: (url) => {
      const s = new FakeSocket<Sent>(url);
      sockets.push(s);
      return s;
    },
    onInvalid: (error) => invalid.push(error),
    decoding: workerDecoding(() => {
      const w = new FakeWorker();
      workers.push(w);
      return w as unknown as Worker;
    }),
  });
});

afterEach(() => {
  stream.close();
  vi.useRealTimers();
});

/** Opens the socket, lets the worker start and say it is ready. */
function withReadyWorker() {
  sockets[0]!.open();
  sockets[0]!.reply(depth(1, '1')); // decoded in the page; the worker starts a little later
  vi.runOnlyPendingTimers();
  expect(workers).toHaveLength(1);
  workers[0]!.ready();
  return workers[0]!;
}

describe('MarketStream with the market worker', () => {
  it('decodes in the page until the worker is ready, then through it', () => {
    const seen: string[] = [];
    stream.subscribe('depth_book', 'BTC-USD', (book) => seen.push(book.bids[0]![0]));
    const worker = withReadyWorker();
    expect(seen).toEqual(['1']);
    sockets[0]!.reply(depth(2, '2'));
    expect(worker.posted).toEqual([JSON.stringify(depth(2, '2'))]);
    worker.deliver();
    expect(seen).toEqual(['1', '2']);
  });

  it('has one batch in flight: what arrives while the page is busy comes as one batch, the newest book', () => {
    const seen: string[] = [];
    stream.subscribe('depth_book', 'BTC-USD', (book) => seen.push(book.bids[0]![0]));
    const worker = withReadyWorker();
    for (const [seq, bid] of [[2, '2'], [3, '3'], [4, '4']] as const) sockets[0]!.reply(depth(seq, bid));
    worker.deliver(); // '2' went at once; taking it asks for the next, which holds only '4'
    expect(seen).toEqual(['1', '2', '4']);
    expect(worker.posted.filter((p) => p === null)).toHaveLength(2); // a pull per batch taken
  });

  it('reports invalid frames from the worker and never hands them to subscribers', () => {
    const seen: unknown[] = [];
    stream.subscribe('depth_book', 'BTC-USD', (book) => seen.push(book));
    const worker = withReadyWorker();
    sockets[0]!.reply({ seq: 2, channel: 'depth_book', symbol: 'BTC-USD', data: { symbol: 'BTC-USD', asks: [[1, '1']], bids: [] } });
    worker.deliver();
    expect(invalid).toEqual([expect.stringMatching(/^data\.asks\.0\.0: /)]);
    expect(seen).toHaveLength(1);
  });

  it('re-authenticates and resubscribes after a reconnect, user channels once auth succeeds', () => {
    const orders: number[] = [];
    stream.subscribe('depth_book', 'BTC-USD', () => undefined);
    stream.onUser('order', (o) => orders.push(o.id));
    stream.authenticate({ token: 'tok' });
    const worker = withReadyWorker();
    sockets[0]!.reply({ seq: 2, channel: 'auth', data: { code: 200, msg: 'success' } });
    worker.deliver();
    expect(sockets[0]!.sent).toContainEqual({ subscribe: { channel: 'order' } });

    sockets[0]!.close(); // a network drop
    vi.runOnlyPendingTimers(); // the backoff
    const second = sockets[1]!;
    second.open();
    expect(second.sent).toEqual([{ subscribe: { channel: 'depth_book', symbol: 'BTC-USD' } }, { auth: { token: 'tok' } }]);
    second.reply({ seq: 1, channel: 'auth', data: { code: 200, msg: 'success' } });
    worker.deliver();
    expect(second.sent).toContainEqual({ subscribe: { channel: 'order' } });
    second.reply({ seq: 2, channel: 'order', data: sampleOrder });
    worker.deliver();
    expect(orders).toEqual([sampleOrder.id]);
  });

  it('falls back to decoding in the page when the worker fails, and does not start another', () => {
    const seen: string[] = [];
    stream.subscribe('depth_book', 'BTC-USD', (book) => seen.push(book.bids[0]![0]));
    const worker = withReadyWorker();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    worker.onerror?.({ message: 'boom' });
    expect(worker.terminated).toBe(true);
    sockets[0]!.reply(depth(2, '2'));
    vi.runOnlyPendingTimers();
    expect(seen).toEqual(['1', '2']);
    expect(workers).toHaveLength(1);
  });
});
