import { useQuery } from '@tanstack/react-query';
import { geoQueries, marketQueries } from '../../api/queries';
import { useApi, useStreamHealth } from '../../api/react';
import { HEALTH_WORDS, type StreamHealth } from '../../api/stream/stream-health';
import { formatClock } from '../../lib/time';

const DOT: Record<StreamHealth, string> = {
  live: 'bg-up',
  connecting: 'bg-warn',
  stale: 'bg-warn',
  reconnecting: 'bg-warn',
  offline: 'bg-down',
};

function StreamState({ name, health, asOf }: { name: string; health: StreamHealth; asOf?: number | null }) {
  const since = health !== 'live' && asOf ? ` (last data ${formatClock(asOf)})` : '';
  return (
    <span className="flex items-center gap-1" data-testid={`stream-state-${name.toLowerCase()}`} data-health={health} title={`${name} stream: ${HEALTH_WORDS[health]}${since}`}>
      <span className={`inline-block h-2 w-2 rounded-full ${DOT[health]}`} />
      <span className={health === 'live' ? '' : 'text-warn'}>
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
    <div className="flex items-center gap-3 text-muted" data-testid="service-status">
      <StreamState name="Market" health={market.health} asOf={market.lastFrameAt} />
      <StreamState name="Orders" health={orders.health} />
      {health.isError && (
        <span className="flex items-center gap-1 text-down" title={health.error.message}>
          <span className="inline-block h-2 w-2 rounded-full bg-down" />
          Service unreachable
        </span>
      )}
      {region.data && <span title="Region the service sees you in">Region {region.data.region}</span>}
    </div>
  );
}
