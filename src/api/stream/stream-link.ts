import type { DecodedBatch } from './frame-coalescer';
import { inThreadDecoding, type DecodingFactory } from './frame-decoding';
import type { LadderSpec } from './ladder-views';
import { ReconnectingSocket, type SocketFactory, type StreamStatus } from './socket';

/** What a health watch reads of a connection (health-watch.ts): the page's own socket and the market worker's both fit. */
export interface ConnectionState {
  readonly status: StreamStatus;
  /** Failed connection attempts since it was last open. */
  readonly failures: number;
  /** When the current connection opened, and when it last delivered a frame (ms, `now`'s clock). */
  readonly openedAt: number | null;
  readonly lastFrameAt: number | null;
  now(): number;
  onStatus(listener: (s: StreamStatus) => void): () => void;
}

/** What the market stream hears from its link. */
export interface LinkEvents {
  /** After every (re)connect: subscriptions and auth go out again; `reconnected` when data may have been missed. */
  onOpen(reconnected: boolean): void;
  /** Validated messages, in order (frame-coalescer.ts). */
  onBatch(batch: DecodedBatch): void;
}

/**
 * The market stream's connection: a socket that stays connected, whose frames arrive parsed,
 * validated and coalesced. In the page (`pageLink`) or in the market worker (worker-link.ts).
 */
export interface StreamLink extends ConnectionState {
  /** Sends a message on the open connection; false when there is none (it is sent again on open). */
  send(message: unknown): boolean;
  /** Drops the connection as a network fault would (it then reconnects). */
  drop(): void;
  close(): void;
  /** The book ladders on screen, for a link that builds them beside each book (the market worker's). */
  showLadders?(specs: LadderSpec[]): void;
}

export type LinkFactory = (url: string, events: LinkEvents) => StreamLink;

/** The socket and the decoding in the page's own thread. */
export function pageLink(createSocket: SocketFactory, decoding: DecodingFactory = inThreadDecoding, now?: () => number): LinkFactory {
  return (url, events) => {
    const decoder = decoding((batch) => events.onBatch(batch));
    const socket = new ReconnectingSocket(url, createSocket, { onOpen: (reconnected) => events.onOpen(reconnected), onText: (text) => decoder.push(text) }, now);
    return {
      get status() {
        return socket.status;
      },
      get failures() {
        return socket.failures;
      },
      get openedAt() {
        return socket.openedAt;
      },
      get lastFrameAt() {
        return socket.lastFrameAt;
      },
      now: () => socket.now(),
      onStatus: (listener) => socket.onStatus(listener),
      send: (message) => socket.send(message),
      drop: () => socket.drop(),
      close: () => {
        socket.close();
        decoder.close();
      },
    };
  };
}
