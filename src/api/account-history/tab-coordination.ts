/**
 * Two tabs of the same account: one walks at a time (a Web Lock per account), and the other
 * re-reads the cache when told the walk is over (a BroadcastChannel). Where a browser has neither,
 * both tabs walk; the cache's writes by id keep that correct, only less polite.
 */
export const HISTORY_CHANNEL = 'account-history';

export interface TabCoordination {
  /** Runs `work` while holding the account's lock (waiting for another tab's walk to end first). */
  exclusive<R>(key: string, signal: AbortSignal, work: () => Promise<R>): Promise<R>;
  /** Tells other tabs the cache of `key` changed. */
  announce(key: string): void;
  /** Calls `listener` when another tab says the cache of `key` changed; returns the unsubscribe. */
  onChanged(key: string, listener: () => void): () => void;
}

interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
}

export function browserTabs(
  locks: LockManager | undefined = globalThis.navigator?.locks,
  channel: ChannelLike | undefined = typeof BroadcastChannel === 'function' ? new BroadcastChannel(HISTORY_CHANNEL) : undefined,
): TabCoordination {
  return {
    exclusive: <R>(key: string, signal: AbortSignal, work: () => Promise<R>) =>
      locks ? (locks.request(`${HISTORY_CHANNEL}|${key}`, { signal }, work) as Promise<R>) : work(),
    announce: (key) => channel?.postMessage({ type: 'changed', key }),
    onChanged: (key, listener) => {
      if (!channel) return () => undefined;
      const onMessage = (e: MessageEvent) => {
        const m = e.data as { type?: unknown; key?: unknown } | null;
        if (m?.type === 'changed' && m.key === key) listener();
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
  };
}
