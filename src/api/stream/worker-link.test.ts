import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleDepthBook, sampleOrder } from '../__fixtures__/spec-samples';
import { FakeSocket } from '../../testing/fake-socket';
import { MarketStream } from './market-stream';
import { serveMarketStream } from './market-worker-core';
import { ACK_EVERY, BATCHES_IN_FLIGHT, type FromMarketWorker, type MarketWorkerPort, type ToMarketWorker } from './market-worker-protocol';
import { decodingInFrames } from './frame-decoding';
import { pageLink } from './stream-link';
import type { StreamStatus } from './socket';
import { workerLink, type MarketWorkerHandle } from './worker-link';
import { buildBook } from '../../lib/book-levels';
import { builtLadder, ladderOf, type LadderSpec } from './ladder-views';
import type { DepthBook } from '../schemas';

type Sent = { subscribe?: { channel: string; symbol?: string }; unsubscribe?: unknown; auth?: { token: string } };

/**
 * The market worker in this thread: the real worker code (market-worker-core.ts) over a stand-in
 * channel that clones messages as postMessage does. The page's side of it receives what the worker
 * sent only when the test calls `deliver` (the page's next task).
 */
class FakeWorker implements MarketWorkerHandle {
  onmessage: ((e: MessageEvent<FromMarketWorker>) => void) | null = null;
  onerror: ((e: { message: string }) => void) | null = null;
  terminated = false;
  readonly posted: ToMarketWorker[] = [];
  private outbox: FromMarketWorker[] = [];
  private readonly port: MarketWorkerPort = { postMessage: (m, transfer) => this.outbox.push(structuredClone(m, { transfer })), onmessage: null };

  constructor(createSocket: (url: string) => FakeSocket<Sent>) {
    serveMarketStream(this.port, createSocket);
  }
  postMessage(m: ToMarketWorker) {
    if (this.terminated) return;
    this.posted.push(m);
    this.port.onmessage?.({ data: structuredClone(m) });
  }
  /** Batches sent and not yet delivered to the page. */
  outboxBatches(): number {
    return this.outbox.filter((m) => m !== 'ready' && m.kind === 'batch').length;
  }
  deliver() {
    while (this.outbox.length > 0 && !this.terminated) this.onmessage?.({ data: this.outbox.shift()! } as MessageEvent<FromMarketWorker>);
  }
  terminate() {
    // A terminated worker's socket closes with it.
    this.port.onmessage?.({ data: { kind: 'close' } });
    this.terminated = true;
  }
}

const depth = (seq: number, bid: string) => ({ seq, channel: 'depth_book', symbol: 'BTC-USD', data: { ...sampleDepthBook, bids: [[bid, '1']] } });
const trade = (seq: number, price: string) => ({
  seq,
  channel: 'public_trade',
  symbol: 'BTC-USD',
  data: { id: seq, price, qty: '1', side: 'buy', symbol: 'BTC-USD', time: 1754881200123 },
});

let pageSockets: FakeSocket<Sent>[];
let workerSockets: FakeSocket<Sent>[];
let workers: FakeWorker[];
let invalid: string[];
let reconnects: number;
let firstReadBacks: number;
let statuses: StreamStatus[];
let stream: MarketStream;
/** The page's frame clock here: a timer, which the fake clock runs. */
const frame = (cb: () => void) => setTimeout(cb, 16);

beforeEach(() => {
  vi.useFakeTimers();
  pageSockets = [];
  workerSockets = [];
  workers = [];
  invalid = [];
  reconnects = 0;
  firstReadBacks = 0;
  statuses = [];
  const socketsIn = (list: FakeSocket<Sent>[]) => (url: string) => {
    const s = new FakeSocket<Sent>(url);
    list.push(s);
    return s;
  };
  stream = new MarketStream({
    url: 'ws://test.invalid/ws-stream/v1',
    createSocket: socketsIn(pageSockets),
    onInvalid: (error) => invalid.push(error),
    // The page socket's first connection reads back too ('first'); these count what moved or dropped.
    onReconnected: (kind) => {
      if (kind === 'reconnect') reconnects++;
      else firstReadBacks++;
    },
    link: workerLink(
      pageLink(socketsIn(pageSockets), decodingInFrames(frame)),
      () => {
        const w = new FakeWorker(socketsIn(workerSockets));
        workers.push(w);
        return w;
      },
      { frame },
    ),
  });
  stream.onStatus((s) => statuses.push(s));
});

afterEach(() => {
  stream.close();
  vi.useRealTimers();
});

/** The page's socket opens and brings the first book; the worker starts half a second later, connects, and its socket opens. */
function workerStarted(): FakeWorker {
  pageSockets[0]!.open();
  pageSockets[0]!.reply(depth(1, '1'));
  vi.advanceTimersByTime(16); // the frame that decodes it
  vi.advanceTimersByTime(500);
  expect(workers).toHaveLength(1);
  return workers[0]!;
}

/** As `workerStarted`, then the worker connects and its socket opens. */
function movedToWorker(): { worker: FakeWorker; socket: FakeSocket<Sent> } {
  const worker = workerStarted();
  worker.deliver(); // 'ready': the page asks it to connect
  expect(workerSockets).toHaveLength(1);
  const socket = workerSockets[0]!;
  socket.open();
  worker.deliver(); // its status and 'open'
  return { worker, socket };
}

describe('MarketStream with its socket in the market worker', () => {
  it('starts in the page, then moves to the worker: subscribes there, closes the page socket, reads back what moved meanwhile', () => {
    const seen: string[] = [];
    stream.subscribe('depth_book', 'BTC-USD', (book) => seen.push(book.bids[0]![0]));
    let chartReloads = 0; // the chart reads its tail again on this
    stream.onReconnected((kind) => kind === 'reconnect' && chartReloads++);
    vi.runOnlyPendingTimers(); // the page decodes in frames
    const { worker, socket } = movedToWorker();
    vi.runOnlyPendingTimers();
    expect(seen).toEqual(['1']);
    expect(pageSockets[0]!.readyState).toBe(3);
    expect(socket.sent).toEqual([{ subscribe: { channel: 'depth_book', symbol: 'BTC-USD' } }]);
    expect(reconnects).toBe(1);
    expect(chartReloads).toBe(1);
    expect(firstReadBacks).toBe(1); // the page socket's first connection
    // Open once, and open throughout: the move is not shown as a drop.
    expect(statuses).toEqual(['open']);
    expect(stream.status).toBe('open');

    socket.reply(depth(2, '2'));
    worker.deliver();
    vi.advanceTimersByTime(16); // books are drawn at the frame
    expect(seen).toEqual(['1', '2']);
    // What the page socket still receives after the move is not read.
    pageSockets[0]!.reply(depth(9, '9'));
    vi.runOnlyPendingTimers();
    expect(seen).toEqual(['1', '2']);
  });

  it('sends each batch at once, hears once a frame what the page took, and of the books a frame receives the page parses only the newest', () => {
    const seen: string[] = [];
    const trades: string[] = [];
    stream.subscribe('depth_book', 'BTC-USD', (book) => seen.push(book.bids[0]![0]));
    stream.subscribe('public_trade', 'BTC-USD', (t) => trades.push(t.price));
    vi.runOnlyPendingTimers();
    const { worker, socket } = movedToWorker();
    const parse = vi.spyOn(JSON, 'parse');
    for (const [seq, bid] of [[2, '2'], [3, '3'], [4, '4']] as const) socket.reply(depth(seq, bid));
    socket.reply(trade(5, '101'));
    const parsedInWorker = parse.mock.calls.length;
    worker.deliver(); // four batches, each sent as it came: none waited for the page
    expect(trades).toEqual(['101']); // trades are not held
    expect(seen).toEqual(['1']);
    expect(worker.posted.filter((p) => p.kind === 'pull')).toEqual([]);
    vi.advanceTimersByTime(16); // the frame
    expect(seen).toEqual(['1', '4']);
    expect(parse.mock.calls.length - parsedInWorker).toBe(1); // '2' and '3' were never parsed in the page
    expect(worker.posted.filter((p) => p.kind === 'pull')).toEqual([{ kind: 'pull', taken: 4 }]); // one reply for the frame's four
    parse.mockRestore();
  });

  it('sends a busy page at most BATCHES_IN_FLIGHT batches, then what queued meanwhile in one, newest book only', () => {
    const seen: string[] = [];
    const trades: string[] = [];
    stream.subscribe('depth_book', 'BTC-USD', (book) => seen.push(book.bids[0]![0]));
    stream.subscribe('public_trade', 'BTC-USD', (t) => trades.push(t.price));
    vi.runOnlyPendingTimers();
    const { worker, socket } = movedToWorker();
    const sent = () => worker.outboxBatches();
    for (let i = 0; i < BATCHES_IN_FLIGHT + 5; i++) socket.reply(i % 2 === 0 ? depth(10 + i, String(10 + i)) : trade(10 + i, String(10 + i)));
    expect(sent()).toBe(BATCHES_IN_FLIGHT); // the page took none yet: the rest waits in the worker
    worker.deliver();
    // The page took them: it said so after ACK_EVERY, and the worker sent what had queued, in one batch.
    expect(worker.posted.filter((p) => p.kind === 'pull')[0]).toEqual({ kind: 'pull', taken: ACK_EVERY });
    vi.advanceTimersByTime(16);
    const last = 10 + BATCHES_IN_FLIGHT + 4;
    expect(seen.at(-1)).toBe(String(last % 2 === 0 ? last : last - 1));
    expect(trades).toEqual(Array.from({ length: BATCHES_IN_FLIGHT + 5 }, (_, i) => 10 + i).filter((x) => x % 2 === 1).map(String)); // none lost, in order
  });

  it('keeps public data coming to a page with no frames (hidden): it says what it took every ACK_EVERY batches', () => {
    const trades: string[] = [];
    stream.subscribe('public_trade', 'BTC-USD', (t) => trades.push(t.price));
    vi.runOnlyPendingTimers();
    const { worker, socket } = movedToWorker();
    for (let i = 0; i < 3 * BATCHES_IN_FLIGHT; i++) {
      socket.reply(trade(10 + i, String(10 + i)));
      worker.deliver(); // no frame runs between
    }
    expect(trades).toHaveLength(3 * BATCHES_IN_FLIGHT);
    expect(worker.posted.filter((p) => p.kind === 'pull')).toHaveLength((3 * BATCHES_IN_FLIGHT) / ACK_EVERY);
  });

  it('hands the page each book with the ladders on screen already grouped by the worker, and none for a ladder no longer shown', () => {
    const books: DepthBook[] = [];
    stream.subscribe('depth_book', 'BTC-USD', (book) => books.push(book));
    const spec: LadderSpec = { symbol: 'BTC-USD', tick: '10', rows: 2, places: { price: 0, size: 3, spread: 1 } };
    const hide = stream.showLadder(spec);
    vi.runOnlyPendingTimers();
    const { worker, socket } = movedToWorker();
    expect(worker.posted).toContainEqual({ kind: 'ladders', specs: [spec] });
    socket.reply(depth(2, '94990.5'));
    worker.deliver();
    vi.advanceTimersByTime(16);
    const book = books.at(-1)!;
    expect(book.bids[0]![0]).toBe('94990.5');
    const grouped = builtLadder(book, spec);
    expect(grouped).toEqual(buildBook(book, '10', 2, spec.places));
    expect(grouped!.bids[0]!.priceText).toBe('94,990'); // a bid rounds down to its bucket
    expect(ladderOf(book, spec)).toBe(grouped);
    // Another grouping the worker was not asked for is built in the page, the same way.
    const other = { ...spec, tick: '100' };
    expect(builtLadder(book, other)).toBeUndefined();
    expect(ladderOf(book, other)).toEqual(buildBook(book, '100', 2, spec.places));

    hide();
    expect(worker.posted.at(-1)).toEqual({ kind: 'ladders', specs: [] });
    socket.reply(depth(3, '94980'));
    worker.deliver();
    vi.advanceTimersByTime(16);
    expect(books.at(-1)!.bids[0]![0]).toBe('94980');
    expect(builtLadder(books.at(-1)!, spec)).toBeUndefined();
  });

  it('keeps trades coming after a subscriber threw on one', () => {
    const trades: string[] = [];
    let throwOnce = true;
    stream.subscribe('public_trade', 'BTC-USD', (t) => {
      if (throwOnce) {
        throwOnce = false;
        throw new Error('a panel failed');
      }
      trades.push(t.price);
    });
    const { worker, socket } = movedToWorker();
    socket.reply(trade(2, '100'));
    expect(() => worker.deliver()).toThrow('a panel failed');
    socket.reply(trade(3, '101'));
    worker.deliver();
    expect(trades).toEqual(['101']);
  });

  it('reports invalid frames from the worker and never hands them to subscribers', () => {
    const seen: unknown[] = [];
    stream.subscribe('depth_book', 'BTC-USD', (book) => seen.push(book));
    vi.runOnlyPendingTimers();
    const { worker, socket } = movedToWorker();
    socket.reply({ seq: 2, channel: 'depth_book', symbol: 'BTC-USD', data: { symbol: 'BTC-USD', asks: [[1, '1']], bids: [] } });
    worker.deliver();
    expect(invalid).toEqual([expect.stringMatching(/^data\.asks\.0\.0: /)]);
    expect(seen).toHaveLength(1);
  });

  it("re-authenticates and resubscribes after the worker's socket drops, user channels once auth succeeds", () => {
    const orders: number[] = [];
    stream.subscribe('depth_book', 'BTC-USD', () => undefined);
    stream.onUser('order', (o) => orders.push(o.id));
    stream.authenticate({ token: 'tok' });
    const { worker, socket } = movedToWorker();
    expect(socket.sent).toEqual([{ subscribe: { channel: 'depth_book', symbol: 'BTC-USD' } }, { auth: { token: 'tok' } }]);
    socket.reply({ seq: 1, channel: 'auth', data: { code: 200, msg: 'success' } });
    worker.deliver();
    expect(stream.isAuthenticated).toBe(true);
    expect(socket.sent).toContainEqual({ subscribe: { channel: 'order' } });

    socket.close(); // a network drop
    worker.deliver();
    expect(stream.status).toBe('reconnecting');
    expect(stream.health).toBe('reconnecting');
    vi.advanceTimersByTime(20_000); // the backoff
    const second = workerSockets[1]!;
    second.open();
    worker.deliver();
    expect(stream.status).toBe('open');
    expect(second.sent).toEqual([{ subscribe: { channel: 'depth_book', symbol: 'BTC-USD' } }, { auth: { token: 'tok' } }]);
    second.reply({ seq: 1, channel: 'auth', data: { code: 200, msg: 'success' } });
    worker.deliver();
    expect(second.sent).toContainEqual({ subscribe: { channel: 'order' } });
    second.reply({ seq: 2, channel: 'order', data: sampleOrder });
    worker.deliver();
    expect(orders).toEqual([sampleOrder.id]);
    expect(reconnects).toBe(2); // the move, and the drop
  });

  it("reads back only once the account's channels are subscribed again on the worker's socket", () => {
    stream.onUser('order', () => undefined);
    stream.authenticate({ token: 'tok' });
    const subscribedAtReadBack: boolean[] = [];
    stream.onReconnected((kind) => kind === 'reconnect' && subscribedAtReadBack.push(workerSockets[0]!.sent.some((m) => m.subscribe?.channel === 'order')));
    const { worker, socket } = movedToWorker();
    expect(reconnects).toBe(0); // not before the auth answer: an order event then would be on neither path
    socket.reply({ seq: 1, channel: 'auth', data: { code: 200, msg: 'success' } });
    worker.deliver();
    expect(reconnects).toBe(1);
    expect(subscribedAtReadBack).toEqual([true]);
  });

  it('reads back anyway when the auth answer does not come', () => {
    stream.onUser('order', () => undefined);
    stream.authenticate({ token: 'tok' });
    movedToWorker();
    expect(reconnects).toBe(0);
    vi.advanceTimersByTime(3_000);
    expect(reconnects).toBe(1);
  });

  it('never sends a message meant for a connection that dropped on the next one', () => {
    stream.subscribe('depth_book', 'BTC-USD', () => undefined);
    const { worker, socket } = movedToWorker();
    socket.close();
    vi.advanceTimersByTime(20_000);
    workerSockets[1]!.open(); // open in the worker; the page has not heard yet
    stream.subscribe('public_trade', 'BTC-USD', () => undefined); // still tagged with the old connection
    worker.deliver(); // now it hears, and subscribes everything on the new one
    expect(workerSockets[1]!.sent).toEqual([
      { subscribe: { channel: 'depth_book', symbol: 'BTC-USD' } },
      { subscribe: { channel: 'public_trade', symbol: 'BTC-USD' } },
    ]);
  });

  it('measures staleness from the frames the worker received', () => {
    stream.subscribe('depth_book', 'BTC-USD', () => undefined);
    const { worker, socket } = movedToWorker();
    socket.reply(depth(2, '2'));
    worker.deliver();
    expect(stream.health).toBe('live');
    vi.advanceTimersByTime(10_000); // nothing more arrives
    expect(stream.health).toBe('stale');
    socket.reply(depth(3, '3'));
    worker.deliver();
    expect(stream.health).toBe('live');
  });

  it('takes the socket back into the page when the worker fails, and does not start another', () => {
    const seen: string[] = [];
    stream.subscribe('depth_book', 'BTC-USD', (book) => seen.push(book.bids[0]![0]));
    vi.runOnlyPendingTimers();
    const { worker } = movedToWorker();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    worker.onerror?.({ message: 'boom' });
    expect(worker.terminated).toBe(true);
    const back = pageSockets[1]!;
    back.open();
    expect(back.sent).toEqual([{ subscribe: { channel: 'depth_book', symbol: 'BTC-USD' } }]);
    expect(reconnects).toBe(2);
    back.reply(depth(2, '2'));
    vi.advanceTimersByTime(16);
    expect(seen).toEqual(['1', '2']);
    vi.advanceTimersByTime(5_000);
    expect(workers).toHaveLength(1);
  });

  it('stays in the page when the worker fails before its socket opens', () => {
    const seen: string[] = [];
    stream.subscribe('depth_book', 'BTC-USD', (book) => seen.push(book.bids[0]![0]));
    const worker = workerStarted();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    worker.onerror?.({ message: 'no module workers here' });
    pageSockets[0]!.reply(depth(2, '2'));
    vi.advanceTimersByTime(5_000);
    expect(seen).toEqual(['1', '2']);
    expect(pageSockets).toHaveLength(1);
    expect(workers).toHaveLength(1);
    expect(reconnects).toBe(0);
  });

  it("gives the worker up when its socket does not open, and keeps the page's", () => {
    const seen: string[] = [];
    stream.subscribe('depth_book', 'BTC-USD', (book) => seen.push(book.bids[0]![0]));
    const worker = workerStarted();
    worker.deliver(); // ready: it connects, and its socket never opens
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.advanceTimersByTime(15_000);
    expect(worker.terminated).toBe(true);
    pageSockets[0]!.reply(depth(2, '2'));
    vi.advanceTimersByTime(16);
    expect(seen).toEqual(['1', '2']);
    expect(stream.status).toBe('open');
    vi.advanceTimersByTime(60_000);
    expect(workers).toHaveLength(1);
  });

  it('closing the stream ends the worker and its socket', () => {
    stream.subscribe('depth_book', 'BTC-USD', () => undefined);
    const { worker, socket } = movedToWorker();
    stream.close();
    expect(worker.terminated).toBe(true);
    expect(socket.readyState).toBe(3);
    expect(stream.status).toBe('closed');
  });
});
