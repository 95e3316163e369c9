import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiClient } from './client';
import type { ServiceConfig } from './service-config';
import type { AppStreams } from './stream/app-streams';
import type { MarketStream } from './stream/market-stream';
import type { OrderStream } from './stream/order-stream';
import type { StreamHealth } from './stream/stream-health';

const ApiContext = createContext<ApiClient | null>(null);
const ConfigContext = createContext<ServiceConfig | null>(null);
const StreamsContext = createContext<AppStreams | null>(null);

export function ApiProvider({ client, config, children }: { client: ApiClient; config: ServiceConfig; children: ReactNode }) {
  return (
    <ConfigContext.Provider value={config}>
      <ApiContext.Provider value={client}>{children}</ApiContext.Provider>
    </ConfigContext.Provider>
  );
}

/** Which service the app talks to (URLs, chain, sign-in domain). */
export function useServiceConfig(): ServiceConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useServiceConfig outside <ApiProvider>');
  return config;
}

/** The app's one API client (the transport carries the session and the server clock). */
export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi outside <ApiProvider>');
  return client;
}

/**
 * The app's market and order response streams, beside the API client so any feature or command can
 * reach them with a hook (the app shell decides what feeds them: auth, reconnects, the user feed).
 */
export function StreamsScope({ streams, children }: { streams: AppStreams; children: ReactNode }) {
  return <StreamsContext.Provider value={streams}>{children}</StreamsContext.Provider>;
}

/** Both streams; only inside <StreamsScope> (the app mounts one for its lifetime). */
export function useStreams(): AppStreams {
  const streams = useContext(StreamsContext);
  if (!streams) throw new Error('useStreams outside <StreamsScope>');
  return streams;
}

/** The order response stream, or null where none is mounted (a command then reports HTTP acceptance only). */
export function useOrderStream(): OrderStream | null {
  return useContext(StreamsContext)?.order ?? null;
}

/** The market stream, or null where none is mounted. */
export function useMarketStream(): MarketStream | null {
  return useContext(StreamsContext)?.market ?? null;
}

const noStream = () => () => undefined;

/**
 * One stream's health (live, stale, reconnecting, offline), re-rendering when it changes: the header,
 * the banner and the panels all read this, so they never disagree. `lastFrameAt` (ms) is when the
 * stream last spoke, for "as of hh:mm:ss"; 'live' where no streams are mounted.
 */
export function useStreamHealth(which: 'market' | 'order'): { health: StreamHealth; lastFrameAt: number | null } {
  const streams = useContext(StreamsContext);
  const stream = streams ? streams[which] : null;
  const health = useSyncExternalStore(
    stream ? (onChange) => stream.onHealth(onChange) : noStream,
    () => stream?.health ?? 'live',
  );
  return { health, lastFrameAt: which === 'market' ? (streams?.market.lastFrameAt ?? null) : null };
}
