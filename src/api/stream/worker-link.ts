import { createNewestPerFrame, type FrameScheduler } from '../../lib/frame-batcher';
import { marketFrame } from '../../lib/frame-clock';
import type { MarketStreamMessage } from '../schemas';
import { attachLadders, type LadderSpec } from './ladder-views';
import { ACK_EVERY, type FromMarketWorker, type HeldBook, type LadderTexts, type ToMarketWorker } from './market-worker-protocol';
import type { StreamStatus } from './socket';
import type { LinkEvents, LinkFactory, StreamLink } from './stream-link';

/** The market worker starts this long after the page's first batch, so its code loads after the first book is drawn. */
const START_DELAY_MS = 500;
/** A worker whose socket has not opened this long after it started is given up: the page keeps the socket. */
const OPEN_WITHIN_MS = 15_000;

const utf8 = new TextDecoder();

/** The part of a Worker the link uses (tests give a stand-in). */
export interface MarketWorkerHandle {
  postMessage(message: ToMarketWorker): void;
  onmessage: ((e: MessageEvent<FromMarketWorker>) => void) | null;
  onerror: ((e: { message: string }) => void) | null;
  terminate(): void;
}

export function createMarketWorker(): MarketWorkerHandle {
  return new Worker(new URL('./market-worker.ts', import.meta.url), { type: 'module', name: 'market-stream' }) as unknown as MarketWorkerHandle;
}

/**
 * The market stream's socket in the market worker (market-worker-core.ts), which parses, validates
 * and coalesces off the main thread; the page receives at most one batch of public data at a time.
 *
 * The worker's code is not in the page's first load (cold start: the first book must not wait for
 * it), so the stream starts on a socket in the page (`inPage`) and moves: half a second after the
 * first batch the worker starts and connects; when its socket opens, the page's socket closes and
 * the stream subscribes again on the worker's, as after a reconnect — and like one, it is reported
 * as `reconnected`, so what moved in between is read back over HTTP. If the worker fails, the page
 * takes the socket back the same way and keeps it.
 */
export function workerLink(
  inPage: LinkFactory,
  createWorker: () => MarketWorkerHandle = createMarketWorker,
  opts: { startDelayMs?: number; frame?: FrameScheduler } = {},
): LinkFactory {
  return (url, events) => new WorkerLink(url, events, inPage, createWorker, opts.startDelayMs ?? START_DELAY_MS, opts.frame ?? marketFrame);
}

class WorkerLink implements StreamLink {
  /** The page's own link: until the worker's socket opens, and again if the worker fails. */
  private page: StreamLink | null = null;
  private unhookPage: (() => void) | null = null;
  private worker: MarketWorkerHandle | null = null;
  private startTimer: ReturnType<typeof setTimeout> | null = null;
  private openTimer: ReturnType<typeof setTimeout> | null = null;
  /** The worker failed once: the page keeps the socket from then on. */
  private failed = false;
  private closed = false;
  /** Whether any connection was open yet: a later one may have missed data. */
  private everOpen = false;
  /** The worker's connection, as it last said. */
  private remote: { status: StreamStatus; failures: number; openedAt: number | null; lastFrameAt: number | null; conn: number } = {
    status: 'connecting',
    failures: 0,
    openedAt: null,
    lastFrameAt: null,
    conn: 0,
  };
  /**
   * The newest depth snapshot per symbol, waiting for the frame (market-worker-protocol.ts): of a
   * symbol's books within one frame only the newest is decoded, as the older would never be drawn.
   * Parsed without a schema: the worker validated it and wrote this text from the validated message.
   */
  private readonly heldBooks: ReturnType<typeof createNewestPerFrame<HeldBook>>;
  /** Batches of public data taken since the worker was last told (it is told once a frame, not once a batch). */
  private taken = 0;
  /** The book ladders on screen, which the worker builds beside each book. */
  private ladders: LadderSpec[] = [];
  private lastStatus: StreamStatus;
  private readonly statusListeners = new Set<(s: StreamStatus) => void>();

  constructor(
    private readonly url: string,
    private readonly events: LinkEvents,
    private readonly inPage: LinkFactory,
    private readonly createWorker: () => MarketWorkerHandle,
    private readonly startDelayMs: number,
    private readonly frame: FrameScheduler,
  ) {
    this.heldBooks = createNewestPerFrame<HeldBook>((books) => {
      if (!this.inWorker) return;
      const messages = books.map(([, buffer, at]) => {
        const bytes = new Uint8Array(buffer);
        const m = JSON.parse(utf8.decode(bytes.subarray(0, at))) as MarketStreamMessage;
        if (m.channel === 'depth_book' && at < bytes.length) attachLadders(m.data, JSON.parse(utf8.decode(bytes.subarray(at))) as LadderTexts);
        return m;
      });
      this.events.onBatch({ messages, invalid: [], coalesced: false });
    }, frame);
    this.usePage();
    this.lastStatus = this.status;
  }

  private get inWorker(): boolean {
    return this.page === null;
  }

  get status(): StreamStatus {
    if (this.closed) return 'closed';
    return this.page ? this.page.status : this.remote.status;
  }
  get failures(): number {
    return this.page ? this.page.failures : this.remote.failures;
  }
  get openedAt(): number | null {
    return this.page ? this.page.openedAt : this.remote.openedAt;
  }
  get lastFrameAt(): number | null {
    return this.page ? this.page.lastFrameAt : this.remote.lastFrameAt;
  }
  now(): number {
    return Date.now();
  }

  onStatus(listener: (s: StreamStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private tellStatus() {
    const s = this.status;
    if (s === this.lastStatus) return;
    this.lastStatus = s;
    for (const l of [...this.statusListeners]) l(s);
  }

  send(message: unknown): boolean {
    if (this.page) return this.page.send(message);
    if (this.remote.status !== 'open' || !this.worker) return false;
    this.worker.postMessage({ kind: 'send', conn: this.remote.conn, message });
    return true;
  }

  showLadders(specs: LadderSpec[]) {
    this.ladders = specs;
    this.worker?.postMessage({ kind: 'ladders', specs });
  }

  drop() {
    if (this.page) this.page.drop();
    else this.worker?.postMessage({ kind: 'drop' });
  }

  close() {
    this.closed = true;
    if (this.startTimer) clearTimeout(this.startTimer);
    if (this.openTimer) clearTimeout(this.openTimer);
    this.startTimer = null;
    this.openTimer = null;
    this.stopPage();
    this.worker?.terminate(); // its socket goes with it
    this.worker = null;
    this.heldBooks.clear();
    this.tellStatus();
  }

  /** Connects in the page (at first, and after the worker failed). */
  private usePage() {
    const page = this.inPage(this.url, {
      onOpen: (reconnected) => {
        const missed = reconnected || this.everOpen;
        this.everOpen = true;
        this.events.onOpen(missed);
      },
      onBatch: (batch) => {
        this.events.onBatch(batch);
        this.scheduleWorker();
      },
    });
    this.page = page;
    this.unhookPage = page.onStatus(() => this.tellStatus());
  }

  private stopPage() {
    this.unhookPage?.();
    this.unhookPage = null;
    this.page?.close();
    this.page = null;
  }

  private scheduleWorker() {
    if (this.worker || this.startTimer || this.failed || this.closed) return;
    this.startTimer = setTimeout(() => this.startWorker(), this.startDelayMs);
  }

  private startWorker() {
    this.startTimer = null;
    if (this.closed || this.failed) return;
    let worker: MarketWorkerHandle;
    try {
      worker = this.createWorker();
    } catch (e) {
      this.workerFailed(e);
      return;
    }
    this.worker = worker;
    worker.onmessage = (e) => this.fromWorker(e.data);
    worker.onerror = (e) => this.workerFailed(e.message);
    this.openTimer = setTimeout(() => {
      if (!this.inWorker) this.workerFailed(`its socket did not open within ${OPEN_WITHIN_MS / 1000} s`);
    }, OPEN_WITHIN_MS);
  }

  private fromWorker(m: FromMarketWorker) {
    if (this.closed || !this.worker) return;
    if (m === 'ready') {
      this.worker.postMessage({ kind: 'ladders', specs: this.ladders });
      this.worker.postMessage({ kind: 'connect', url: this.url });
      return;
    }
    switch (m.kind) {
      case 'status':
        this.remote = { ...this.remote, status: m.status, failures: m.failures, openedAt: m.openedAt, lastFrameAt: m.lastFrameAt };
        this.tellStatus();
        return;
      case 'open': {
        this.remote.conn = m.conn;
        if (this.openTimer) clearTimeout(this.openTimer);
        this.openTimer = null;
        // The worker's socket is open: the page's goes, and the stream subscribes on the worker's.
        if (!this.inWorker) this.stopPage();
        this.tellStatus();
        const missed = m.reconnected || this.everOpen;
        this.everOpen = true;
        this.events.onOpen(missed);
        return;
      }
      case 'batch':
        this.remote.lastFrameAt = m.lastFrameAt;
        // Handed over (the feeds draw it on the next frame): counted before the subscribers run, so
        // the worker hears of it even when one threw, or it would hold public data back for good.
        if (m.books.length > 0 || m.batch?.coalesced) this.took();
        if (this.inWorker) {
          for (const book of m.books) this.heldBooks.hold(book[0], book);
          if (m.batch) this.events.onBatch(m.batch);
        }
        return;
    }
  }

  /**
   * Tells the worker what the page took at the frame, a frame's batches in one message, or at once
   * after ACK_EVERY (a hidden page has no frames; the worker sends BATCHES_IN_FLIGHT before it waits).
   */
  private took() {
    if (++this.taken >= ACK_EVERY) this.ack();
    else if (this.taken === 1) this.frame(() => this.ack());
  }

  private ack() {
    if (this.taken > 0) this.worker?.postMessage({ kind: 'pull', taken: this.taken });
    this.taken = 0;
  }

  private workerFailed(reason: unknown) {
    console.warn('market worker failed; the stream stays in the page', reason);
    this.failed = true;
    if (this.openTimer) clearTimeout(this.openTimer);
    this.openTimer = null;
    this.worker?.terminate();
    this.worker = null;
    this.heldBooks.clear();
    if (this.inWorker && !this.closed) {
      this.usePage();
      this.tellStatus();
    }
  }
}
