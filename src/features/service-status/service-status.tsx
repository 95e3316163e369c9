import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { geoQueries, marketQueries } from '../../api/queries';
import { useApi, useStreamHealth } from '../../api/react';
import type { StreamHealth } from '../../api/stream/stream-health';
import { formatClock } from '../../lib/time';
import { HEALTH_WORDS } from '../../ui/stream-health-words';

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
function StreamState({ stream, health, asOf }: { stream: 'market' | 'orders'; health: StreamHealth; asOf?: number | null }) {
  const { t, i18n } = useLingui();
  const state = i18n._(HEALTH_WORDS[health]);
  const time = health !== 'live' && asOf ? formatClock(asOf) : null;
  let words: string;
  let title: string;
  if (stream === 'market') {
    words = t`Market ${state}`;
    title = time ? t`Market stream: ${state} (last data ${time})` : t`Market stream: ${state}`;
  } else {
    words = t`Orders ${state}`;
    title = time ? t`Orders stream: ${state} (last data ${time})` : t`Orders stream: ${state}`;
  }
  return (
    <span className="flex items-center gap-1 whitespace-nowrap" data-testid={`stream-state-${stream}`} data-health={health} title={title}>
      <span aria-hidden="true" data-testid="stream-state-dot" className={`inline-block h-2 w-2 shrink-0 rounded-full ${DOT[health]}`} />
      <span className={`sr-only sm:not-sr-only ${health === 'live' ? '' : 'text-warn'}`} data-testid="stream-state-words">
        {words}
      </span>
    </span>
  );
}

/**
 * Each stream's state in words (live, stale, reconnecting, offline — the banner reads the same
 * source), whether the HTTP service answers, and the region it sees us in.
 */
export function ServiceStatus() {
  const { t } = useLingui();
  const api = useApi();
  const health = useQuery(marketQueries.health(api));
  const region = useQuery(geoQueries.region(api));
  const market = useStreamHealth('market');
  const orders = useStreamHealth('order');
  const regionName = region.data?.region;
  return (
    <div className="flex items-center gap-2 text-muted sm:gap-3" data-testid="service-status">
      <StreamState stream="market" health={market.health} asOf={market.lastFrameAt} />
      <StreamState stream="orders" health={orders.health} />
      {health.isError && (
        <span className="flex items-center gap-1 text-error" title={health.error.message}>
          <span className="inline-block h-2 w-2 rounded-full bg-error" />
          <Trans>Service unreachable</Trans>
        </span>
      )}
      {region.data && (
        <span className="hidden sm:inline" title={t`Region the service sees you in`}>
          {/* The region code is the exchange's own ("SG"), the same in every language. */}
          <Trans>
            Region <span data-exchange-text>{regionName}</span>
          </Trans>
        </span>
      )}
    </div>
  );
}
