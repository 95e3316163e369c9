import { MarketStream, type ResyncKind } from './market-stream';
import { OrderStream } from './order-stream';
import { browserSocket, type SocketFactory } from './socket';
import { marketLink } from './link-choice';

/** The app's one market stream and one order response stream, and who to tell after a reconnect. */
export interface AppStreams {
  market: MarketStream;
  order: OrderStream;
  /** Called once a stream is subscribed after it (re)connected (market-stream.ts `ResyncKind`); HTTP fills the gap. */
  onReconnected: (listener: (kind: ResyncKind) => void) => () => void;
  close: () => void;
}

export function createAppStreams(urls: { streamUrl: string; orderStreamUrl: string }, createSocket: SocketFactory = browserSocket): AppStreams {
  const listeners = new Set<(kind: ResyncKind) => void>();
  const reconnected = (kind: ResyncKind) => {
    for (const l of listeners) l(kind);
  };
  const market = new MarketStream({
    url: urls.streamUrl,
    createSocket,
    onReconnected: reconnected,
    onInvalid: (error) => console.warn(`market stream: ignored a message (${error})`),
    // The socket in the page, or in the market worker where localStorage asks for it (link-choice.ts).
    link: marketLink(createSocket),
  });
  const order = new OrderStream({ url: urls.orderStreamUrl, createSocket, onReconnected: () => reconnected('reconnect') });
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
