import { useQuery } from '@tanstack/react-query';
import { geoQueries, marketQueries } from '../../api/queries';
import { useApi, useStreamHealth } from '../../api/react';
import { HEALTH_WORDS, type StreamHealth } from '../../api/stream/stream-health';
import { formatClock } from '../../lib/time';

const DOT: Record<StreamHealth, string> = {
  live: 'bg-ok',
  connecting: 'bg-warn',
  stale: 'bg-warn',
  reconnecting: 'bg-warn',
  offline: 'bg-error',
};

/**
 * One stream: a dot in its state's colour and the state in words. On a phone the dot alone (its
 * words stay for screen readers: they are its name): at 390 px the words of a stream that is not
 * live do not fit beside the account, and the banner under the header says them in full.
 */
function StreamState({ name, health, asOf }: { name: string; health: StreamHealth; asOf?: number | null }) {
  const since = health !== 'live' && asOf ? ` (last data ${formatClock(asOf)})` : '';
  return (
    <span className="flex items-center gap-1 whitespace-nowrap" data-testid={`stream-state-${name.toLowerCase()}`} data-health={health} title={`${name} stream: ${HEALTH_WORDS[health]}${since}`}>
      <span aria-hidden="true" data-testid="stream-state-dot" className={`inline-block h-2 w-2 shrink-0 rounded-full ${DOT[health]}`} />
      <span className={`sr-only sm:not-sr-only ${health === 'live' ? '' : 'text-warn'}`} data-testid="stream-state-words">
        {name} {HEALTH_WORDS[health]}
      </span>
    </span>
  );
}

/**
 * Each stream's state in words (live, stale, reconnecting, offline — the banner reads the same
 * source), whether the HTTP service answers, and the region it sees us in.
 */
export function ServiceStatus() {
  const api = useApi();
  const health = useQuery(marketQueries.health(api));
  const region = useQuery(geoQueries.region(api));
  const market = useStreamHealth('market');
  const orders = useStreamHealth('order');
  return (
    <div className="flex items-center gap-2 text-muted sm:gap-3" data-testid="service-status">
      <StreamState name="Market" health={market.health} asOf={market.lastFrameAt} />
      <StreamState name="Orders" health={orders.health} />
      {health.isError && (
        <span className="flex items-center gap-1 text-error" title={health.error.message}>
          <span className="inline-block h-2 w-2 rounded-full bg-error" />
          Service unreachable
        </span>
      )}
      {region.data && (
        <span className="hidden sm:inline" title="Region the service sees you in">
          Region {region.data.region}
        </span>
      )}
    </div>
  );
}
