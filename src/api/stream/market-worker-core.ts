import { FrameCoalescer, symbolOf, type DecodedBatch } from './frame-coalescer';
import type { LadderSpec } from './ladder-views';
import { BATCHES_IN_FLIGHT, type HeldBook, type MarketWorkerPort, type ToMarketWorker } from './market-worker-protocol';
import { ReconnectingSocket, type SocketFactory } from './socket';
import { decodeInWorker, laddersOfSorted, sortBook } from './worker-decoding';

/** The ladders as text; '' if they cannot be built (the page then builds them itself, and says why). */
function laddersText(book: Parameters<typeof laddersOfSorted>[0], specs: LadderSpec[]): string {
  try {
    return JSON.stringify(laddersOfSorted(book, specs));
  } catch (e) {
    console.warn('market worker: ladder not built, the page builds it', e);
    return '';
  }
}

const utf8 = new TextEncoder();

/** A book's text and its ladders' text in one buffer, as the page reads them (market-worker-protocol.ts `HeldBook`). */
function heldBook(symbol: string, text: string, ladders: string): HeldBook {
  const book = utf8.encode(text);
  const rows = utf8.encode(ladders);
  // A buffer of exactly these bytes: the page reads the ladders up to the buffer's end.
  const both = new Uint8Array(book.length + rows.length);
  both.set(book);
  both.set(rows, book.length);
  return [symbol, both.buffer, book.length];
}

/**
 * The market worker's work (market-worker.ts runs it; worker-link.ts is the page's end): it owns
 * the market stream's socket, reconnecting with backoff, and parses, validates and coalesces every
 * frame off the page's main thread, so the page receives at most one batch of public data at a
 * time, books sorted best first. The page keeps the subscriptions: after each (re)connect it is
 * told, and sends them again, tagged with the connection they are for.
 */
export function serveMarketStream(port: MarketWorkerPort, createSocket: SocketFactory) {
  let socket: ReconnectingSocket | null = null;
  /** The open connection's number (0: none yet). */
  let conn = 0;
  let ladders: LadderSpec[] = [];
  const send = (batch: DecodedBatch) => {
    const books: HeldBook[] = [];
    const messages = batch.messages.filter((m) => {
      if (m.channel !== 'depth_book') return true;
      const symbol = symbolOf(m);
      sortBook(m.data);
      const specs = ladders.filter((s) => s.symbol === symbol);
      books.push(heldBook(symbol, JSON.stringify(m), specs.length > 0 ? laddersText(m.data, specs) : ''));
      return false;
    });
    // Books come only in batches of public data (coalesced): a batch of books alone needs no more.
    const rest = messages.length > 0 || batch.invalid.length > 0 ? { ...batch, messages } : null;
    port.postMessage(
      { kind: 'batch', batch: rest, books, lastFrameAt: socket?.lastFrameAt ?? null },
      books.map((b) => b[1]),
    );
  };
  const coalescer = new FrameCoalescer(send, BATCHES_IN_FLIGHT, decodeInWorker);
  const postStatus = () => {
    if (socket) port.postMessage({ kind: 'status', status: socket.status, failures: socket.failures, openedAt: socket.openedAt, lastFrameAt: socket.lastFrameAt });
  };

  port.onmessage = (e: { data: ToMarketWorker }) => {
    const m = e.data;
    switch (m.kind) {
      case 'connect':
        if (socket) return;
        socket = new ReconnectingSocket(m.url, createSocket, {
          onOpen: (reconnected) => {
            conn += 1;
            port.postMessage({ kind: 'open', conn, reconnected });
          },
          onText: (text) => coalescer.push(text),
        });
        socket.onStatus(postStatus);
        postStatus();
        return;
      case 'send':
        if (m.conn === conn) socket?.send(m.message);
        return;
      case 'pull':
        coalescer.pull(m.taken);
        return;
      case 'drop':
        socket?.drop();
        return;
      case 'close':
        socket?.close();
        return;
      case 'ladders':
        ladders = m.specs;
        return;
    }
  };
  port.postMessage('ready');
}
