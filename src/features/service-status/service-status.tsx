import { useQuery } from '@tanstack/react-query';
import { geoQueries, marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';

/** Whether the service answers, and the region it sees us in. */
export function ServiceStatus() {
  const api = useApi();
  const health = useQuery(marketQueries.health(api));
  const region = useQuery(geoQueries.region(api));
  const up = health.data?.trim() === 'OK';
  return (
    <div className="flex items-center gap-3 text-muted" data-testid="service-status">
      <span className="flex items-center gap-1">
        <span className={`inline-block h-2 w-2 rounded-full ${up ? 'bg-up' : health.isError ? 'bg-down' : 'bg-warn'}`} />
        {up ? 'Connected' : health.isError ? 'Service unreachable' : 'Connecting…'}
      </span>
      {region.data && <span title="Region the service sees you in">Region {region.data.region}</span>}
    </div>
  );
}
