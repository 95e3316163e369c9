import { useStreamHealth } from './react';
import { isBehind, type StreamHealth } from './stream/stream-health';
import { formatClock } from '../lib/time';

/**
 * A frozen feed must not look live: while the market stream is stale, reconnecting or offline, the
 * time its last frame came ("12:01:07") for a panel to dim and say "as of"; null while live.
 */
export function useMarketAsOf(): { asOf: string | null; health: StreamHealth } {
  const feed = useStreamHealth('market');
  return { asOf: isBehind(feed.health) && feed.lastFrameAt !== null ? formatClock(feed.lastFrameAt) : null, health: feed.health };
}
