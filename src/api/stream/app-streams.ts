import { MarketStream } from './market-stream';
import { OrderStream } from './order-stream';
import { browserSocket, type SocketFactory } from './socket';
import { marketDecoding } from './decoding-choice';

/** The app's one market stream and one order response stream, and who to tell after a reconnect. */
export interface AppStreams {
  market: MarketStream;
  order: OrderStream;
  /** Called after either stream reconnects (subscriptions are restored; HTTP fills the gap). */
  onReconnected: (listener: () => void) => () => void;
  close: () => void;
}

export function createAppStreams(urls: { streamUrl: string; orderStreamUrl: string }, createSocket: SocketFactory = browserSocket): AppStreams {
  const listeners = new Set<() => void>();
  const reconnected = () => {
    for (const l of listeners) l();
  };
  const market = new MarketStream({
    url: urls.streamUrl,
    createSocket,
    onReconnected: reconnected,
    onInvalid: (error) => console.warn(`market stream: ignored a message (${error})`),
    // In the page unless asked for the market worker (decoding-choice.ts says why).
    decoding: marketDecoding(),
  });
  const order = new OrderStream({ url: urls.orderStreamUrl, createSocket, onReconnected: reconnected });
  return {
    market,
    order,
    onReconnected: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    close: () => {
      market.close();
      order.close();
    },
  };
}
